import { describe, expect, it } from "vitest";
import { invitationTokenFromHash } from "./invitation";

describe("the invitation link", () => {
  it("reads the token from the fragment", () => {
    expect(invitationTokenFromHash("#token=abc-123_x")).toBe("abc-123_x");
    expect(invitationTokenFromHash("#token=%20abc%20")).toBe("abc");
  });

  it("is incomplete without a token", () => {
    expect(invitationTokenFromHash("")).toBeNull();
    expect(invitationTokenFromHash("#token=")).toBeNull();
    expect(invitationTokenFromHash("#andere=1")).toBeNull();
  });
});
