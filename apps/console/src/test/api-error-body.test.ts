import { readApiErrorBody, readApiErrorText } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";

/** The one reader of the API's error body, shared by the console and the tenant app (decision 040). */
describe("readApiErrorBody (contracts)", () => {
  it("reads code, message and the string-valued field errors", () => {
    expect(
      readApiErrorBody({
        error: "validation_failed",
        message: "Bitte überprüfen Sie Ihre Eingaben.",
        fields: { email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.", count: 3, nested: { a: "b" } },
      }),
    ).toEqual({
      code: "validation_failed",
      message: "Bitte überprüfen Sie Ihre Eingaben.",
      fields: { email: "Bitte geben Sie eine gültige E-Mail-Adresse ein." },
    });
  });

  it("gives nulls for what the body does not say, and for anything that is not such a body", () => {
    expect(readApiErrorBody({ error: 42, message: "" })).toEqual({ code: null, message: "", fields: null });
    expect(readApiErrorBody({ fields: [] })).toEqual({ code: null, message: null, fields: null });
    for (const body of [null, undefined, "Bad Gateway", 502, ["error"]]) {
      expect(readApiErrorBody(body)).toEqual({ code: null, message: null, fields: null });
    }
  });

  it("reads a body still as text; plain text or an empty body gives nulls", () => {
    expect(readApiErrorText('{"error":"not_found","message":"Nicht gefunden."}')).toEqual({
      code: "not_found",
      message: "Nicht gefunden.",
      fields: null,
    });
    expect(readApiErrorText("upstream down")).toEqual({ code: null, message: null, fields: null });
    expect(readApiErrorText("")).toEqual({ code: null, message: null, fields: null });
  });
});
