import { API_BASE, DEFAULT_CLIENT_API_KEY } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { DEFAULT_API_BASE, DEFAULT_API_KEY, env } from "./env";

describe("env", () => {
  it("mirrors the contracts' constants (kept out of the login bundle)", () => {
    expect(DEFAULT_API_BASE).toBe(API_BASE);
    expect(DEFAULT_API_KEY).toBe(DEFAULT_CLIENT_API_KEY);
    expect(env.apiBase).toBe("/api/v1");
    expect(env.apiKey).toBe(DEFAULT_CLIENT_API_KEY);
  });
});
