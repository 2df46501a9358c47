import { createECDH } from "node:crypto";
import { writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { ConfigError, loadConfig } from "../src/config.js";

/** Issue 29: the VAPID key pair kept in DATA_DIR like the JWT secret, or given to every process. */
describe("VAPID configuration", () => {
  let dataDir: string;
  const base = () => ({ DATA_DIR: dataDir, JWT_SECRET: "test-secret-test-secret-test-secret-123" });
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "mp-vapid-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("makes a key pair at the first start, keeps it in DATA_DIR and reads the same at the next", async () => {
    const first = loadConfig(base()).push;
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dataDir, "vapid-keys.json");
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadConfig(base()).push).toEqual(first);
    // The key pair fits: the public key is the private key's point.
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(first.privateKey, "base64url"));
    expect(ecdh.getPublicKey("base64url")).toBe(first.publicKey);
  });

  it("takes VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY for several processes and checks they belong together", () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const pair = {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey("base64url"),
      VAPID_PRIVATE_KEY: ecdh.getPrivateKey("base64url"),
    };
    expect(loadConfig({ ...base(), ...pair }).push).toMatchObject({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
    });
    const other = createECDH("prime256v1");
    other.generateKeys();
    expect(() => loadConfig({ ...base(), ...pair, VAPID_PRIVATE_KEY: other.getPrivateKey("base64url") })).toThrow(
      /VAPID_PUBLIC_KEY passt nicht zu VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...base(), VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/bitte beide setzen/);
    expect(() => loadConfig({ ...base(), ...pair, VAPID_PUBLIC_KEY: "abc" })).toThrow(/VAPID_PUBLIC_KEY/);
  });

  it("takes a mailto: or https: subject, by default PUBLIC_URL when https or mailto: the support address", () => {
    expect(loadConfig({ ...base(), VAPID_SUBJECT: "mailto:technik@example.com" }).push.subject).toBe(
      "mailto:technik@example.com",
    );
    expect(loadConfig({ ...base(), VAPID_SUBJECT: "https://portal.example" }).push.subject).toBe(
      "https://portal.example",
    );
    expect(loadConfig({ ...base(), PUBLIC_URL: "https://mieter.example" }).push.subject).toBe("https://mieter.example");
    expect(loadConfig({ ...base(), BRAND_SUPPORT_EMAIL: "hilfe@example.com" }).push.subject).toBe(
      "mailto:hilfe@example.com",
    );
  });

  it.each(["http://portal.example", "technik@example.com", "mailto:", "ftp://example.com"])(
    "stops the start on the subject %s with a clear message",
    (subject) => {
      let error: unknown;
      try {
        loadConfig({ ...base(), VAPID_SUBJECT: subject });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(
        `VAPID_SUBJECT: „${subject}“ muss mit mailto: (eine E-Mail-Adresse) oder https: (eine Web-Adresse) beginnen`,
      );
      expect((error as Error).message).toContain("VAPID_SUBJECT must be a mailto: or https: URL.");
    },
  );

  it("keeps a private key whose leading byte is zero at 32 bytes, as web-push needs it", () => {
    // About one key in 256 has a leading zero byte; Node then gives 31 bytes, which web-push refuses
    // on every send ("Vapid private key should be 32 bytes long").
    let short: ReturnType<typeof createECDH> | undefined;
    while (!short) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      if (ecdh.getPrivateKey().length < 32) short = ecdh;
    }
    const pair = { publicKey: short.getPublicKey("base64url"), privateKey: short.getPrivateKey("base64url") };
    for (const given of [
      { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey },
      {} as Record<string, string>,
    ]) {
      writeFileSync(path.join(dataDir, "vapid-keys.json"), JSON.stringify(pair));
      const push = loadConfig({ ...base(), ...given }).push;
      expect(push.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(push.publicKey).toBe(pair.publicKey);
      expect(() =>
        webpush.getVapidHeaders(
          "https://push.example",
          "mailto:a@b.example",
          push.publicKey,
          push.privateKey,
          "aes128gcm",
        ),
      ).not.toThrow();
    }
  });
});
