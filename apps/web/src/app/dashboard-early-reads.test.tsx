import { DEFAULT_BRAND } from "@mieter-portal/contracts/defaults";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DASHBOARD_AFTER_START_READS } from "@/config/start-up";
import { takeStartupSession } from "@/features/auth/session";
import { pathFromQueryKey } from "@/lib/api/urls";
import { clearEarlyReads } from "@/lib/early-reads";
import { createQueryClient } from "@/lib/query-client";
import { clearSession } from "@/lib/session";
import { STORAGE_KEYS, setItem } from "@/lib/storage";
import { tokenExpiringIn } from "@/test/tokens";
import { App } from "./app";
import { startReads } from "./start-up";

// Issue 26 item 4: the early reads (config/start-up) are declared by hand beside the queries the
// shell and the dashboard run. A query added to the dashboard but not to the declaration would be
// read only after the app's JavaScript has arrived, a round trip late on a slow phone, and nothing
// said so. This test renders the signed-in first screen and compares what it really asked for.

const SLOW = { timeout: 10_000 };

const user = {
  id: "u-1",
  email: "demo@example.com",
  firstName: "Anna",
  lastName: "Schneider",
  first_name: "Anna",
  last_name: "Schneider",
  address: "Lindenstraße 5",
  apartment_number: "3",
};

/** The server's answers by path: empty lists (and no rent due) for whatever the screen reads. */
const answers: Record<string, unknown> = {
  "/api/v1/config": {
    brand: { ...DEFAULT_BRAND, companyName: "Testverwaltung Nord", logoText: "TN" },
    version: "1.0.0",
  },
  "/api/v1/auth/user": user,
  "/api/v1/tenant/payments/current": null,
};

function answeringFetch() {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    asked.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    return Response.json(url.pathname in answers ? answers[url.pathname] : []);
  });
  return asked;
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  clearEarlyReads();
  await takeStartupSession();
});

describe("the dashboard's early reads (issue 26 item 4)", () => {
  it("are exactly the queries the shell and the dashboard run on their first render", async () => {
    answeringFetch();
    await setItem(STORAGE_KEYS.authToken, tokenExpiringIn(3600));
    await setItem(STORAGE_KEYS.user, user);
    const queryClient = createQueryClient();
    render(<App queryClient={queryClient} />);
    expect(await screen.findByRole("heading", { name: "Hallo, Anna!" }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), SLOW);

    const queried = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => pathFromQueryKey(query.queryKey));
    const early = startReads({ kind: "signed-in" } as Parameters<typeof startReads>[0], "/");
    // A query of the first screen that is not read early: add it to config/start-up.
    expect(
      queried.filter((path) => !early.includes(path) && !DASHBOARD_AFTER_START_READS.includes(path)),
      "queries of the first screen missing from config/start-up's early reads",
    ).toEqual([]);
    // An early read no query of the first screen takes: it is sent for nothing.
    expect(
      early.filter((path) => !queried.includes(path)),
      "early reads no query of the first screen takes",
    ).toEqual([]);
  });
});
