import { afterEach, describe, expect, it, vi } from "vitest";
import { authTexts } from "../texts";
import { LoginFailedError, LoginResponseError, loginWithCredentials, parseLoginResponse } from "./login";

const fullUser = {
  id: "u-1",
  email: "demo@example.com",
  firstName: "Anna",
  lastName: "Schneider",
  first_name: "Anna",
  last_name: "Schneider",
  address: "Lindenstraße 5, 10969 Berlin",
  apartment_number: "3",
};

afterEach(() => vi.unstubAllGlobals());

describe("parseLoginResponse: {token, user}", () => {
  it("accepts the format with expires_at", () => {
    const result = parseLoginResponse({ token: "a.b.c", user: fullUser, expires_at: "2030-01-01T00:00:00.000Z" });
    expect(result.token).toBe("a.b.c");
    expect(result.user).toMatchObject({
      id: "u-1",
      email: "demo@example.com",
      firstName: "Anna",
      lastName: "Schneider",
    });
    expect(result.user.address).toBe("Lindenstraße 5, 10969 Berlin");
    expect(result.expiresAt).toBe("2030-01-01T00:00:00.000Z");
  });

  it("accepts snake_case names only and a numeric id, without expires_at", () => {
    const result = parseLoginResponse({
      token: "a.b.c",
      user: { id: 5, email: "x@y.de", first_name: "Jo", last_name: "Li" },
    });
    expect(result.user).toMatchObject({ id: "5", firstName: "Jo", lastName: "Li" });
    expect(result.expiresAt).toBeNull();
  });

  it.each([
    ["empty token", { token: "", user: fullUser }],
    ["token not a string", { token: 42, user: fullUser }],
    ["user missing", { token: "a.b.c" }],
    ["token missing", { user: fullUser }],
    ["user not an object", { token: "a.b.c", user: "anna" }],
    ["user without email", { token: "a.b.c", user: { id: "1" } }],
    ["user without id", { token: "a.b.c", user: { email: "x@y.de" } }],
  ])("refuses %s with 'Login-Antwort enthält nicht die erwarteten Daten'", (_name, body) => {
    expect(() => parseLoginResponse(body)).toThrow(new LoginResponseError(authTexts.missingData));
  });
});

describe("parseLoginResponse: {status:'success', data}", () => {
  it("accepts the status/data format", () => {
    const result = parseLoginResponse({
      status: "success",
      data: { token: "d.e.f", id: "u-2", email: "nachbar@example.com", firstName: "Ben", lastName: "Yilmaz" },
    });
    expect(result).toEqual({
      token: "d.e.f",
      user: { id: "u-2", email: "nachbar@example.com", firstName: "Ben", lastName: "Yilmaz" },
      expiresAt: null,
    });
  });

  it("takes expires_at from data or from the top level", () => {
    const data = { token: "d.e.f", id: "u-2", email: "n@example.com", firstName: "B", lastName: "Y" };
    expect(
      parseLoginResponse({ status: "success", data: { ...data, expires_at: "2031-01-01T00:00:00Z" } }).expiresAt,
    ).toBe("2031-01-01T00:00:00Z");
    expect(parseLoginResponse({ status: "success", data, expires_at: "2032-01-01T00:00:00Z" }).expiresAt).toBe(
      "2032-01-01T00:00:00Z",
    );
  });

  it.each([
    ["data without token", { status: "success", data: { id: "1", email: "x@y.de" } }],
    ["data without id", { status: "success", data: { token: "a.b.c", email: "x@y.de" } }],
    ["data without email", { status: "success", data: { token: "a.b.c", id: "1" } }],
  ])("refuses %s with 'Login-Antwort enthält nicht die erwarteten Daten'", (_name, body) => {
    expect(() => parseLoginResponse(body)).toThrow(authTexts.missingData);
  });

  it("refuses data that is not an object with 'Keine gültigen Daten in der API-Antwort erhalten'", () => {
    expect(() => parseLoginResponse({ status: "success", data: null })).toThrow(authTexts.noData);
    expect(() => parseLoginResponse({ status: "success", data: "x" })).toThrow(authTexts.noData);
  });
});

describe("parseLoginResponse: no usable answer", () => {
  it.each([null, undefined, "ok", 42, true, [1, 2]])("refuses %j with 'Keine gültigen Daten...'", (body) => {
    expect(() => parseLoginResponse(body)).toThrow(authTexts.noData);
  });

  it.each([
    ["an empty object", {}],
    ["a failed status", { status: "error", data: { token: "a.b.c", id: "1", email: "x@y.de" } }],
    ["success without data", { status: "success" }],
    ["unknown fields", { access_token: "a.b.c", profile: {} }],
  ])("refuses %s with 'Unerwartetes Antwortformat vom Server'", (_name, body) => {
    expect(() => parseLoginResponse(body)).toThrow(authTexts.unexpectedFormat);
  });
});

describe("loginWithCredentials", () => {
  it("posts email, password and remember with cookies and the API key, without an old token", async () => {
    localStorage.setItem("mieter_portal_auth_token", "old.token.x");
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ token: "a.b.c", user: fullUser, expires_at: "2030-01-01T00:00:00Z" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const result = await loginWithCredentials({ email: " demo@example.com ", password: "demo1234", remember: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/v1/auth/login");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "demo@example.com", password: "demo1234", remember: true });
    const headers = new Headers(init?.headers);
    expect(headers.get("X-API-Key")).toBe("mp-web-client-2025");
    expect(headers.has("Authorization")).toBe(false);
    expect(result.user.firstName).toBe("Anna");
  });

  it("turns a refusal into 'Login fehlgeschlagen ({status}): {message}'", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { error: "invalid_credentials", message: "E-Mail-Adresse oder Passwort ist falsch." },
        { status: 401, statusText: "Unauthorized" },
      ),
    );
    const attempt = loginWithCredentials({ email: "a@b.de", password: "x", remember: false });
    await expect(attempt).rejects.toBeInstanceOf(LoginFailedError);
    await expect(loginWithCredentials({ email: "a@b.de", password: "x", remember: false })).rejects.toThrow(
      "Login fehlgeschlagen (401): E-Mail-Adresse oder Passwort ist falsch.",
    );
  });

  it("uses the body text or the status text when there is no JSON message", async () => {
    vi.stubGlobal("fetch", async () => new Response("Gateway kaputt", { status: 502, statusText: "Bad Gateway" }));
    await expect(loginWithCredentials({ email: "a@b.de", password: "x", remember: false })).rejects.toThrow(
      "Login fehlgeschlagen (502): Gateway kaputt",
    );
    vi.stubGlobal("fetch", async () => new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(loginWithCredentials({ email: "a@b.de", password: "x", remember: false })).rejects.toThrow(
      "Login fehlgeschlagen (503): Service Unavailable",
    );
  });

  it("refuses an ok answer that is not JSON", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html>", { status: 200 }));
    await expect(loginWithCredentials({ email: "a@b.de", password: "x", remember: false })).rejects.toThrow(
      authTexts.noData,
    );
  });
});
