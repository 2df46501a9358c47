import { describe, expect, it } from "vitest";
import { validateLogin } from "./login-validation";

describe("validateLogin", () => {
  it("needs both fields", () => {
    expect(validateLogin({ email: "", password: "", remember: false })).toEqual({
      kind: "empty",
      emailMissing: true,
      passwordMissing: true,
    });
    expect(validateLogin({ email: "   ", password: "x", remember: false })).toMatchObject({
      kind: "empty",
      emailMissing: true,
      passwordMissing: false,
    });
    expect(validateLogin({ email: "a@b.de", password: "", remember: false })).toMatchObject({ passwordMissing: true });
  });

  it("refuses a malformed address and trims a good one", () => {
    expect(validateLogin({ email: "anna", password: "x", remember: false }).kind).toBe("invalid-email");
    expect(validateLogin({ email: " a@b.de ", password: " x ", remember: true })).toEqual({
      kind: "ok",
      values: { email: "a@b.de", password: " x ", remember: true },
    });
  });
});
