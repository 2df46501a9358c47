import { describe, expect, it } from "vitest";
import { fieldErrors, forgotPasswordFormSchema, resetPasswordFormSchema } from "./reset-password-validation";

describe("reset password form", () => {
  it("needs the new password twice, by the API's rules", () => {
    expect(fieldErrors(resetPasswordFormSchema, { newPassword: "", repeatPassword: "" })).toEqual({
      newPassword: "Bitte geben Sie ein neues Passwort ein.",
      repeatPassword: "Bitte wiederholen Sie das neue Passwort.",
    });
    expect(fieldErrors(resetPasswordFormSchema, { newPassword: "1234567", repeatPassword: "1234567" })).toEqual({
      newPassword: "Das Passwort muss mindestens 8 Zeichen lang sein.",
    });
    expect(fieldErrors(resetPasswordFormSchema, { newPassword: "12345678", repeatPassword: "12345679" })).toEqual({
      repeatPassword: "Die Passwörter stimmen nicht überein.",
    });
    expect(fieldErrors(resetPasswordFormSchema, { newPassword: "12345678", repeatPassword: "12345678" })).toEqual({});
  });

  it("asks for a valid e-mail address and trims it", () => {
    expect(fieldErrors(forgotPasswordFormSchema, { email: "  " })).toEqual({
      email: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
    });
    expect(fieldErrors(forgotPasswordFormSchema, { email: "anna" })).toEqual({
      email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    });
    expect(forgotPasswordFormSchema.parse({ email: " anna@example.com " })).toEqual({ email: "anna@example.com" });
  });
});
