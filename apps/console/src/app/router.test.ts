import { STAFF_INBOX_PATH } from "@mieter-portal/contracts/staff";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { BASENAME } from "@/config/paths";
import { routes } from "./router";

describe("the staff digest mail's link (issue 25 §12)", () => {
  it("resolves to a console route that leads to the inbox, not to 'Seite nicht gefunden'", async () => {
    const matches = matchRoutes(routes, STAFF_INBOX_PATH, BASENAME);
    expect(matches).not.toBeNull();
    const route = matches?.at(-1)?.route;
    expect(route?.path).not.toBe("*");
    expect(typeof route?.loader).toBe("function");
    const loader = route?.loader as (args: unknown) => Promise<Response> | Response;
    const response = await loader({
      request: new Request(`http://localhost${STAFF_INBOX_PATH}`),
      params: {},
      context: undefined,
    });
    expect(response.status).toBe(302);
    // The inbox is the console's index route.
    expect(response.headers.get("Location")).toBe("/");
    expect(matchRoutes(routes, `${BASENAME}/`, BASENAME)?.at(-1)?.route.index).toBe(true);
  });
});
