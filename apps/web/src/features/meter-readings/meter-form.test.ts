import { meterReadingSubmission } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import {
  buildSubmission,
  emptyMeterForm,
  readingDateLimits,
  validateMeterValue,
  validateReadingDate,
} from "./meter-form";

const photo = { id: "p1", dataUrl: "data:image/jpeg;base64,/9j/AA==", format: "jpeg", filename: "wasser.jpg" };

describe("buildSubmission", () => {
  it("sends German input as numbers, empty meters as null and photos per meter", () => {
    const values = {
      ...emptyMeterForm("2026-01-02"),
      water: "1.234,567",
      heating: "48213,5",
      photos: { water: [photo], electricity: [], heating: [] },
    };
    const result = buildSubmission(values, "user-1");
    expect(result).toEqual({
      ok: true,
      submission: {
        waterReading: 1234.567,
        electricityReading: null,
        heatingReading: 48213.5,
        readingDate: "2026-01-02",
        user_id: "user-1",
        photos: {
          waterMeterPhoto: { dataUrl: photo.dataUrl, format: "jpeg", filename: "wasser.jpg" },
          electricityMeterPhoto: null,
          heatingMeterPhoto: null,
        },
      },
    });
    // What the form sends is what the server's contract accepts.
    expect(result.ok && meterReadingSubmission.safeParse(result.submission).success).toBe(true);
  });

  it("needs at least one value", () => {
    expect(buildSubmission(emptyMeterForm("2026-01-02"), "user-1")).toEqual({ ok: false, reason: "empty" });
    const onlyPhoto = { ...emptyMeterForm("2026-01-02"), photos: { water: [photo], electricity: [], heating: [] } };
    expect(buildSubmission(onlyPhoto, "user-1")).toEqual({ ok: false, reason: "empty" });
  });
});

describe("field checks", () => {
  it("explains unreadable values in German", () => {
    expect(validateMeterValue("12,5")).toBe(true);
    expect(validateMeterValue("")).toBe(true);
    expect(validateMeterValue("zwölf")).toBe("Bitte geben Sie eine Zahl ein, z. B. 1234,567.");
  });

  it("accepts today back to 12 months ago, not the future or older dates", () => {
    expect(validateReadingDate("2026-01-02", "2026-01-02")).toBe(true);
    expect(validateReadingDate("2025-12-30", "2026-01-02")).toBe(true);
    expect(validateReadingDate("2025-01-02", "2026-01-02")).toBe(true);
    expect(validateReadingDate("2026-01-03", "2026-01-02")).toBe("Das Ablesedatum darf nicht in der Zukunft liegen.");
    expect(validateReadingDate("2025-01-01", "2026-01-02")).toBe(
      "Das Ablesedatum darf höchstens 12 Monate zurückliegen.",
    );
    expect(validateReadingDate("1999-12-31", "2026-01-02")).toBe(
      "Das Ablesedatum darf höchstens 12 Monate zurückliegen.",
    );
    expect(validateReadingDate("", "2026-01-02")).toBe("Bitte geben Sie das Ablesedatum an.");
    expect(validateReadingDate("02.01.2026", "2026-01-02")).toBe("Bitte geben Sie ein gültiges Datum an.");
    expect(validateReadingDate("2025-02-30", "2026-01-02")).toBe("Bitte geben Sie ein gültiges Datum an.");
  });

  it("offers the date input 12 months back up to today", () => {
    expect(readingDateLimits("2026-01-02")).toEqual({ min: "2025-01-02", max: "2026-01-02" });
  });
});
