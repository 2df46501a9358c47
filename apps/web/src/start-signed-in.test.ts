import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCurrency, formatDate } from "@/lib/format";
import { tokenExpiringIn } from "@/test/tokens";

type Constructed = { kind: string; args: unknown[] };

/** Records every Intl formatter built while `run` runs, with its arguments. */
async function formattersBuiltBy(run: () => unknown): Promise<Constructed[]> {
  const built: Constructed[] = [];
  for (const kind of ["DateTimeFormat", "NumberFormat"] as const) {
    const Original = Intl[kind];
    vi.spyOn(Intl, kind).mockImplementation(function (this: unknown, ...args: unknown[]) {
      built.push({ kind, args });
      return new (Original as unknown as new (...a: unknown[]) => object)(...args);
    } as never);
  }
  await run();
  vi.restoreAllMocks();
  return built;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.resetModules();
  document.head.innerHTML = "";
});

describe("the signed-in start script (issue 13)", () => {
  it("loads ICU's data for lib/format's formatters after the requests went out, one step per task", async () => {
    document.head.innerHTML = '<meta name="mp-signed-in-start" content="/assets/dashboard.js" data-reads="">';
    window.localStorage.setItem("mieter_portal_auth_token", tokenExpiringIn(3600));
    // Switched offline: no read goes out (nothing to answer them here); the files and ICU still do.
    window.localStorage.setItem("mieter_portal_offline_mode", "true");
    vi.useFakeTimers();
    const steps: Constructed[][] = [];
    steps.push(await formattersBuiltBy(() => import("./start-signed-in")));
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(1);
    for (let task = 0; task < 3; task++) steps.push(await formattersBuiltBy(() => vi.advanceTimersToNextTimer()));
    expect(vi.getTimerCount()).toBe(0);

    // Nothing in the script's own task (the requests do not wait), then the locale alone, the
    // money, and the Berlin clock, each in a task of its own.
    expect(steps.map((built) => built.map(({ kind }) => kind))).toEqual([[], [], ["NumberFormat"], ["DateTimeFormat"]]);

    // The very formatters lib/format builds: the render then finds their data loaded.
    const used = await formattersBuiltBy(() => {
      formatCurrency(750);
      formatDate("2026-11-27T10:00:00Z");
    });
    expect(steps.flat()).toEqual(used);
  });
});
