import { describe, expect, it } from "vitest";
import { base64Url, makeToken } from "@/test/tokens";
import { checkToken, parseTokenPayload } from "./token";

const NOW = Date.UTC(2025, 5, 18, 10, 0, 0);

describe("parseTokenPayload", () => {
  it("reads the middle part of a three-part token", () => {
    expect(parseTokenPayload(makeToken({ sub: "u1", exp: 123 }))).toEqual({ sub: "u1", exp: 123 });
  });

  it("decodes base64url with UTF-8 content", () => {
    const utf8 = btoa(String.fromCharCode(...new TextEncoder().encode('{"name":"Jürgen"}')))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(parseTokenPayload(`a.${utf8}.b`)).toEqual({ name: "Jürgen" });
  });

  it("returns null for anything that is not a three-part token with a JSON object", () => {
    expect(parseTokenPayload("")).toBeNull();
    expect(parseTokenPayload("abc")).toBeNull();
    expect(parseTokenPayload("a.b")).toBeNull();
    expect(parseTokenPayload("a.b.c.d")).toBeNull();
    expect(parseTokenPayload("a..c")).toBeNull();
    expect(parseTokenPayload(`a.${base64Url("not json")}.c`)).toBeNull();
    expect(parseTokenPayload(`a.${base64Url("[1,2]")}.c`)).toBeNull();
    expect(parseTokenPayload("a.%%%.c")).toBeNull();
  });
});

describe("checkToken", () => {
  it("is valid while exp (seconds) lies in the future", () => {
    const exp = NOW / 1000 + 60;
    expect(checkToken(makeToken({ exp }), NOW)).toEqual({ kind: "valid", expiresAt: exp * 1000 });
  });

  it("is expired at and after exp", () => {
    expect(checkToken(makeToken({ exp: NOW / 1000 }), NOW).kind).toBe("expired");
    expect(checkToken(makeToken({ exp: NOW / 1000 - 1 }), NOW).kind).toBe("expired");
  });

  it("is malformed without a numeric exp or when unparseable", () => {
    expect(checkToken(makeToken({ sub: "x" }), NOW).kind).toBe("malformed");
    expect(checkToken(makeToken({ exp: "tomorrow" }), NOW).kind).toBe("malformed");
    expect(checkToken("garbage", NOW).kind).toBe("malformed");
  });
});
