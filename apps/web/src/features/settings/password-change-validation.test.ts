import { PASSWORD_RULES_TEXT } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { validatePasswordChange } from "./password-change-validation";

describe("validatePasswordChange", () => {
  it("accepts a valid change", () => {
    expect(
      validatePasswordChange({
        currentPassword: "demo1234",
        newPassword: "neues-passwort",
        repeatPassword: "neues-passwort",
      }),
    ).toEqual({});
  });

  it("asks for every empty field in German", () => {
    expect(validatePasswordChange({ currentPassword: "", newPassword: "", repeatPassword: "" })).toEqual({
      currentPassword: "Bitte geben Sie Ihr aktuelles Passwort ein.",
      newPassword: "Bitte geben Sie ein neues Passwort ein.",
      repeatPassword: "Bitte wiederholen Sie das neue Passwort.",
    });
  });

  it("applies the API's length rules to the new password", () => {
    expect(PASSWORD_RULES_TEXT).toBe("Mindestens 8 Zeichen, höchstens 128.");
    expect(
      validatePasswordChange({ currentPassword: "demo1234", newPassword: "kurz", repeatPassword: "kurz" }),
    ).toEqual({
      newPassword: "Das Passwort muss mindestens 8 Zeichen lang sein.",
    });
    const long = "x".repeat(129);
    expect(
      validatePasswordChange({ currentPassword: "demo1234", newPassword: long, repeatPassword: long }).newPassword,
    ).toBe("Das Passwort darf höchstens 128 Zeichen lang sein.");
  });

  it("reports a mismatch on the repeat field", () => {
    expect(
      validatePasswordChange({
        currentPassword: "demo1234",
        newPassword: "neues-passwort",
        repeatPassword: "neues-passwort!",
      }),
    ).toEqual({ repeatPassword: "Die Passwörter stimmen nicht überein." });
  });

  it("refuses the current password as the new one", () => {
    expect(
      validatePasswordChange({ currentPassword: "demo12345", newPassword: "demo12345", repeatPassword: "demo12345" }),
    ).toEqual({ newPassword: "Das neue Passwort muss sich vom aktuellen unterscheiden." });
  });
});
