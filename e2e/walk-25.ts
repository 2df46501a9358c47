import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { serverDataDir } from "./console-fixtures";
import { expect, waitForAnimationsSettled } from "./fixtures";

/**
 * Helpers of the issue 25 "Done when" walks (walk-tenant-25, walk-console-25): the walks' own
 * people made with the admin command line, an axe scan, a check that nothing is cut off, and
 * screenshots to /tmp/walk25 to look at.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The second demo building: the demo Verwalter's, without the demo tenants. */
export const WALK_BUILDING = { name: "Gartenweg 12", address: "Gartenweg 12, 10115 Berlin" };
export const WALK_PASSWORD = "rundgang-test-1";

export const SCHEMES = ["light", "dark"] as const;
export type Scheme = (typeof SCHEMES)[number];

/** `npm run admin -- <args>`, from the command line's source (a build of the server may lag behind it). */
export async function admin(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", join(repoRoot, "apps/server/src/cli/admin.ts"), ...args],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: serverDataDir(), LOG_LEVEL: "silent" } },
  );
  return stdout;
}

export interface WalkTenant {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  unit: string;
}

/** A tenant with a running tenancy in Gartenweg 12, for this test alone. */
export async function createWalkTenant(prefix: string): Promise<WalkTenant> {
  const id = randomUUID().slice(0, 8);
  const tenant = {
    email: `${prefix}-${id}@example.com`,
    password: WALK_PASSWORD,
    firstName: "Rieke",
    lastName: `Rundgang-${id}`,
    unit: `Whg ${id}`,
  };
  await admin([
    "create-tenant",
    "--email",
    tenant.email,
    "--password",
    tenant.password,
    "--first-name",
    tenant.firstName,
    "--last-name",
    tenant.lastName,
    "--address",
    WALK_BUILDING.address,
    "--apartment",
    tenant.unit,
    "--start",
    "2025-01-01",
    "--base-rent",
    "600",
    "--utilities",
    "150",
  ]);
  return tenant;
}

/** An instant in Berlin time with its offset that day ("2030-12-03T13:00:00+01:00"). */
export function berlinInstant(date: string, hour: number): string {
  const offset =
    new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeZoneName: "longOffset" })
      .formatToParts(new Date(`${date}T12:00:00Z`))
      .find((part) => part.type === "timeZoneName")
      ?.value.replace("GMT", "") || "+00:00";
  return `${date}T${String(hour).padStart(2, "0")}:00:00${offset}`;
}

/** No WCAG 2.1 AA violation on the screen as it is now (after it settled, the mouse out of the way). */
export async function expectAccessible(page: Page, where: string) {
  await expect(page.getByText("Wird geladen…")).toHaveCount(0, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await waitForAnimationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect
    .soft(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `${where}: axe`,
    )
    .toEqual([]);
}

/**
 * Nothing cut off sideways: the page does not scroll sideways, no box that scrolls or clips
 * sideways (a table's wrapper, a dialog) hides part of its content, which the page's own width
 * cannot show (issue 25 item 20: the campaign table's last column at 820 px), and no field runs
 * out of the box it sits in.
 */
export async function expectNothingCutOff(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      found.push(`Seite ${root.scrollWidth}px breit, Fenster ${root.clientWidth}px`);
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(el);
      if (!["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) continue;
      if (el.clientWidth < 2 || style.visibility === "hidden" || el.closest("[aria-hidden='true'], .sr-only")) continue;
      // Text shortened on purpose with an ellipsis, and screen-reader-only boxes, do not count.
      if (style.textOverflow === "ellipsis" || (el.clientWidth <= 1 && el.clientHeight <= 1)) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const name = (el.getAttribute("aria-label") || el.getAttribute("data-testid") || el.textContent || "")
          .trim()
          .replace(/\s+/g, " ")
          .slice(0, 50);
        found.push(`<${el.tagName.toLowerCase()}> "${name}" zeigt ${el.clientWidth}px von ${el.scrollWidth}px`);
      }
    }
    // A field wider than the box it sits in (a date-and-time input keeps its own minimum width
    // and runs past its column, over the dialog's padding or a fieldset's border).
    for (const field of document.body.querySelectorAll<HTMLInputElement>("input, select, textarea")) {
      const parent = field.parentElement;
      if (!parent || field.getBoundingClientRect().width < 2 || field.closest(".sr-only")) continue;
      const own = field.getBoundingClientRect();
      const box = parent.getBoundingClientRect();
      if (own.right > box.right + 1 || own.left < box.left - 1) {
        const label = field.labels?.[0]?.textContent?.trim() || field.getAttribute("aria-label") || field.tagName;
        found.push(
          `Feld „${label}“ ragt aus seinem Platz (${Math.round(own.left)}–${Math.round(own.right)}px, Platz ${Math.round(box.left)}–${Math.round(box.right)}px)`,
        );
      }
    }
    return found;
  });
  expect.soft(problems, `${where}: abgeschnitten`).toEqual([]);
}

const SHOTS = "/tmp/walk25";

/**
 * A screenshot to /tmp/walk25/<name>.png: of the whole page, or of the window only where the
 * content scrolls in a box of its own (the tenant app).
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  await waitForAnimationsSettled(page);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}
