import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/connection.js";

const pgUrl = process.env.TEST_DATABASE_URL;

describe("the database ping behind /health (issue 13)", () => {
  it("lets calls that arrive while a ping is out share it, and an error reaches each of them; the next call asks again", async () => {
    // Nothing listens on port 1: every ping fails, on any machine, without a database.
    const handle = openDatabase({ kind: "postgres", url: "postgres://postgres@127.0.0.1:1/none" });
    try {
      const first = handle.ping();
      const second = handle.ping();
      expect(second).toBe(first);
      await expect(first).rejects.toThrow();
      await expect(second).rejects.toThrow();
      // Settled: a new call starts a new ping instead of answering from the old one.
      const third = handle.ping();
      expect(third).not.toBe(first);
      await expect(third).rejects.toThrow();
    } finally {
      await handle.destroy();
    }
  });

  it.skipIf(!pgUrl)("answers every caller once the database answered, and starts a fresh ping afterwards", async () => {
    const handle = openDatabase({ kind: "postgres", url: pgUrl as string });
    try {
      const calls = Array.from({ length: 20 }, () => handle.ping());
      expect(new Set(calls).size).toBe(1);
      await Promise.all(calls);
      const later = handle.ping();
      expect(later).not.toBe(calls[0]);
      await later;
    } finally {
      await handle.destroy();
    }
  });
});
