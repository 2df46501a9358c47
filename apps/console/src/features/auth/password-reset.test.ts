import { ERROR_MESSAGES } from "@mieter-portal/contracts";
import { STAFF_RESET_PAGE_PATH } from "@mieter-portal/contracts/staff";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { BASENAME, paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { RESET_LINK_TEXTS, resetLinkProblem, resetTokenFromHash } from "./password-reset";

describe("the reset mail's link (decision 033)", () => {
  it("opens a console page of its own, not 'Seite nicht gefunden'", () => {
    expect(STAFF_RESET_PAGE_PATH).toBe(`${BASENAME}${paths.passwordReset}`);
    for (const path of [STAFF_RESET_PAGE_PATH, `${BASENAME}${paths.passwordForgotten}`]) {
      const route = matchRoutes(routes, path, BASENAME)?.at(-1)?.route;
      expect(route?.path, path).not.toBe("*");
      expect(typeof route?.lazy, path).toBe("function");
    }
  });

  it("reads the token from the fragment; without one the link is incomplete", () => {
    expect(resetTokenFromHash("#token=abc-123_x")).toBe("abc-123_x");
    expect(resetTokenFromHash("#token=%20abc%20")).toBe("abc");
    expect(resetTokenFromHash("")).toBeNull();
    expect(resetTokenFromHash("#token=")).toBeNull();
  });

  it("tells an unknown, expired, used link and a deactivated account apart; other failures can be retried", () => {
    const refused = (code: keyof typeof ERROR_MESSAGES, status = 400) =>
      resetLinkProblem(new ApiError(status, code, ERROR_MESSAGES[code]));
    expect(refused("staff_reset_link_invalid")).toBe("invalid");
    expect(refused("staff_reset_link_expired")).toBe("expired");
    expect(refused("staff_reset_link_used")).toBe("used");
    expect(refused("staff_inactive", 403)).toBe("inactive");
    expect(refused("validation_failed")).toBeNull();
    expect(resetLinkProblem(new ApiError(0, "network_error", "offline"))).toBeNull();
    // Every state says what to do; only a deactivated account gets no new link.
    expect(Object.values(RESET_LINK_TEXTS).filter((t) => !t.newLink)).toEqual([RESET_LINK_TEXTS.inactive]);
  });
});
