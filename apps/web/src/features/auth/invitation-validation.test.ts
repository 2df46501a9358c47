import { describe, expect, it } from "vitest";
import { invitationFormSchema } from "./invitation-validation";
import { fieldErrors } from "./reset-password-validation";

describe("invitation form", () => {
  it("asks for the address only when the invitation has none (a printed letter)", () => {
    const empty = { email: "", newPassword: "", repeatPassword: "" };
    expect(Object.keys(fieldErrors(invitationFormSchema(false), empty)).sort()).toEqual([
      "newPassword",
      "repeatPassword",
    ]);
    expect(fieldErrors(invitationFormSchema(true), empty).email).toBe("Bitte geben Sie Ihre E-Mail-Adresse ein.");
    expect(
      fieldErrors(invitationFormSchema(true), {
        email: "kein-at",
        newPassword: "12345678",
        repeatPassword: "12345678",
      }),
    ).toEqual({ email: "Bitte geben Sie eine gültige E-Mail-Adresse ein." });
  });

  it("needs the password twice, by the API's rules", () => {
    const schema = invitationFormSchema(false);
    expect(fieldErrors(schema, { email: "", newPassword: "1234567", repeatPassword: "1234567" })).toEqual({
      newPassword: "Das Passwort muss mindestens 8 Zeichen lang sein.",
    });
    expect(fieldErrors(schema, { email: "", newPassword: "12345678", repeatPassword: "12345679" })).toEqual({
      repeatPassword: "Die Passwörter stimmen nicht überein.",
    });
    expect(fieldErrors(schema, { email: "", newPassword: "12345678", repeatPassword: "12345678" })).toEqual({});
  });
});
