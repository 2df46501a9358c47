import { API_BASE, DEFAULT_CLIENT_API_KEY } from "@mieter-portal/contracts";
import { staffNoticeRecipients } from "@mieter-portal/contracts/staff";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DEFAULT_API_BASE, DEFAULT_API_KEY, TOKEN_STORAGE_KEY } from "@/config/env";
import { stubFetch } from "@/test/fetch";
import {
  ApiError,
  apiGet,
  apiPost,
  errorMessage,
  NETWORK_ERROR_MESSAGE,
  queryString,
  toApiError,
  UNKNOWN_ERROR_MESSAGE,
} from "./api-client";
import { getToken, signIn, takeSignOutReason } from "./session";

const okAnswer = z.object({ ok: z.number() });

describe("api client", () => {
  it("uses the API base and client key of the contracts", () => {
    expect(DEFAULT_API_BASE).toBe(API_BASE);
    expect(DEFAULT_API_KEY).toBe(DEFAULT_CLIENT_API_KEY);
  });

  it("sends the client key, the bearer token and JSON", async () => {
    signIn("staff-token");
    const calls = stubFetch({ status: 200, body: { ok: 1 } });
    await expect(apiPost("/staff/threads/1/replies", okAnswer, { content: "Hallo" })).resolves.toEqual({ ok: 1 });
    expect(calls[0]!.url).toBe("/api/v1/staff/threads/1/replies");
    expect(calls[0]!.headers.get("X-API-Key")).toBe(DEFAULT_CLIENT_API_KEY);
    expect(calls[0]!.headers.get("Authorization")).toBe("Bearer staff-token");
    expect(calls[0]!.headers.get("Content-Type")).toBe("application/json");
    expect(calls[0]!.body).toEqual({ content: "Hallo" });
  });

  it("turns {error, message, fields} into an ApiError with the German message", async () => {
    stubFetch({
      status: 400,
      body: {
        error: "validation_failed",
        message: "Bitte prüfen Sie Ihre Eingaben.",
        fields: { reason: "Grund fehlt.", n: 3 },
      },
    });
    const error = await apiPost("/staff/appointments/1/decline", okAnswer, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "validation_failed", fields: { reason: "Grund fehlt." } });
    expect(errorMessage(error)).toBe("Bitte prüfen Sie Ihre Eingaben.");
  });

  it("gives a German message for answers without a JSON body and for network failures", async () => {
    expect(toApiError(502, null)).toMatchObject({ status: 502, code: "http_502" });
    expect(toApiError(502, null).message).toMatch(/schiefgegangen/);
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(apiGet("/staff/inbox", okAnswer)).rejects.toMatchObject({
      code: "network_error",
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it("a 401 on a signed-in call ends the session (the shell then shows the login)", async () => {
    signIn("old-token");
    stubFetch({ status: 401, body: { error: "unauthorized", message: "Bitte melden Sie sich an." } });
    await expect(apiGet("/staff/inbox", okAnswer)).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(takeSignOutReason()).toBe("expired");
  });

  it("a 401 of the login itself (wrong password, code needed) signs nobody out", async () => {
    signIn("kept");
    const calls = stubFetch({ status: 401, body: { error: "totp_required", message: "Code nötig." } });
    await expect(apiPost("/staff/auth/login", okAnswer, {}, { anonymous: true })).rejects.toMatchObject({
      code: "totp_required",
    });
    expect(calls[0]!.headers.get("Authorization")).toBeNull();
    expect(getToken()).toBe("kept");
  });

  it("parses the answer with its schema: a wrong shape fails with the German fallback, not a crash later", async () => {
    stubFetch(
      { status: 200, body: { recipients: 12 } },
      { status: 200, body: { recipients: "zwölf" } },
      {
        status: 200,
        body: [],
      },
    );
    await expect(apiGet("/staff/notices/recipients", staffNoticeRecipients)).resolves.toEqual({ recipients: 12 });
    for (let i = 0; i < 2; i++) {
      const error = await apiGet("/staff/notices/recipients", staffNoticeRecipients).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 200, code: "invalid_answer", message: UNKNOWN_ERROR_MESSAGE });
      expect(errorMessage(error)).toBe("Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.");
    }
  });

  it("an empty answer (204) is parsed too: only a schema that allows nothing accepts it", async () => {
    stubFetch({ status: 204 }, { status: 204 });
    await expect(apiPost("/staff/x", z.undefined())).resolves.toBeUndefined();
    await expect(apiPost("/staff/x", okAnswer)).rejects.toMatchObject({ code: "invalid_answer" });
  });

  it("keeps the token in localStorage under mieter_portal_staff_token", () => {
    signIn("abc");
    expect(localStorage.getItem("mieter_portal_staff_token")).toBe("abc");
  });

  it("builds query strings from the set values only", () => {
    expect(queryString({ kind: "repair", building: null, cursor: undefined, q: "", limit: 50 })).toBe(
      "?kind=repair&limit=50",
    );
    expect(queryString({})).toBe("");
  });
});
