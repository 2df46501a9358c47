import { repairRequest } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { emptyRepairForm, repairFormSchema, toRepairRequest } from "./repair-form-schema";

const photo = (n: number) => ({
  id: `p${n}`,
  dataUrl: "data:image/jpeg;base64,/9j/AA==",
  format: "jpeg",
  filename: `${n}.jpg`,
});

function messages(input: unknown) {
  const result = repairFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("repair form validation", () => {
  it("starts with urgency medium and asks for type, location and description", () => {
    expect(emptyRepairForm().urgency).toBe("medium");
    expect(messages(emptyRepairForm())).toEqual({
      type: "Bitte wählen Sie die Art der Reparatur.",
      location: "Bitte wählen Sie den Ort in der Wohnung.",
      description: "Bitte beschreiben Sie den Schaden.",
    });
  });

  it("treats a blank description as missing", () => {
    expect(messages({ ...emptyRepairForm(), type: "heating", location: "bedroom", description: "  \n " })).toEqual({
      description: "Bitte beschreiben Sie den Schaden.",
    });
  });

  it("refuses values outside the enumerations", () => {
    const result = messages({ ...emptyRepairForm(), type: "roof", location: "garden", description: "x" });
    expect(Object.keys(result).sort()).toEqual(["location", "type"]);
  });

  it("allows at most 3 photos", () => {
    const base = { ...emptyRepairForm(), type: "plumbing", location: "kitchen", description: "Tropft" };
    expect(messages({ ...base, photos: [photo(1), photo(2), photo(3)] })).toEqual({});
    expect(messages({ ...base, photos: [photo(1), photo(2), photo(3), photo(4)] })).toEqual({
      photos: "Höchstens 3 Fotos.",
    });
  });

  it("builds the spec's request, which the server's contract accepts", () => {
    const values = repairFormSchema.parse({
      type: "door-window",
      location: "living-room",
      description: "  Fenster klemmt  ",
      urgency: "emergency",
      photos: [photo(1)],
    });
    const request = toRepairRequest(values, "user-7");
    expect(request).toEqual({
      type: "door-window",
      location: "living-room",
      description: "Fenster klemmt",
      urgency: "emergency",
      user_id: "user-7",
      photos: [{ dataUrl: "data:image/jpeg;base64,/9j/AA==", format: "jpeg", filename: "1.jpg" }],
    });
    expect(repairRequest.safeParse(request).success).toBe(true);
  });
});
