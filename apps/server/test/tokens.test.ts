import { afterEach, describe, expect, it, vi } from "vitest";
import { signSessionToken, verifySessionToken } from "../src/lib/tokens.js";

const secret = new TextEncoder().encode("token-test-secret-token-test-secret-1");
const otherSecret = new TextEncoder().encode("another-secret-another-secret-another-1");

afterEach(() => {
  vi.useRealTimers();
});

describe("session tokens", () => {
  it("verifies a token again and again, and reports it expired once its time is up", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    const session = await signSessionToken(secret, "tenant-1", 60, 0);

    for (let i = 0; i < 3; i++) {
      const result = await verifySessionToken(secret, session.token);
      expect(result).toEqual({
        ok: true,
        claims: {
          sub: "tenant-1",
          jti: session.jti,
          iat: expect.any(Number),
          exp: session.expiresAt.getTime() / 1000,
          ver: 0,
        },
      });
    }

    vi.setSystemTime(new Date("2026-03-01T10:00:59Z"));
    expect((await verifySessionToken(secret, session.token)).ok).toBe(true);
    vi.setSystemTime(new Date("2026-03-01T10:01:00Z"));
    expect(await verifySessionToken(secret, session.token)).toEqual({ ok: false, problem: "expired" });
    // Still expired when asked again (the verified copy is gone, jose checks it anew).
    expect(await verifySessionToken(secret, session.token)).toEqual({ ok: false, problem: "expired" });
  });

  it("does not accept a verified token under another secret, nor a tampered copy of it", async () => {
    const session = await signSessionToken(secret, "tenant-2", 3600, 0);
    expect((await verifySessionToken(secret, session.token)).ok).toBe(true);

    expect(await verifySessionToken(otherSecret, session.token)).toEqual({ ok: false, problem: "invalid" });

    const [header, payload, signature] = session.token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "tenant-3" })).toString("base64url");
    expect(await verifySessionToken(secret, `${header}.${forged}.${signature}`)).toEqual({
      ok: false,
      problem: "invalid",
    });
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect(await verifySessionToken(secret, `${header}.${payload}.${flipped}`)).toEqual({
      ok: false,
      problem: "invalid",
    });
  });
});
