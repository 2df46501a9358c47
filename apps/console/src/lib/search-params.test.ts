import { describe, expect, it } from "vitest";
import { withSearchParam } from "./search-params";

describe("withSearchParam", () => {
  it("sets, replaces and removes one parameter and keeps the others, without touching the original", () => {
    const search = new URLSearchParams("q=Meyer&gebaeude=b1");
    expect(withSearchParam(search, "gebaeude", "b2").toString()).toBe("q=Meyer&gebaeude=b2");
    expect(withSearchParam(search, "zugang", "aktiv").toString()).toBe("q=Meyer&gebaeude=b1&zugang=aktiv");
    expect(withSearchParam(search, "gebaeude", null).toString()).toBe("q=Meyer");
    expect(withSearchParam(search, "q", "").toString()).toBe("gebaeude=b1");
    expect(search.toString()).toBe("q=Meyer&gebaeude=b1");
  });
});
