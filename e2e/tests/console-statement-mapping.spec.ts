import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { consoleLogin, serverDataDir, staffApiLogin, VERWALTER } from "../console-fixtures";
import { apiHeaders, expect, test } from "../fixtures";
import { germanIban } from "../test-ibans";

// Issue 24 items 1, 4, 7: a CSV from a bank the import does not know, as such banks export it —
// preamble lines before the header, Windows-1252, ';' separated, Soll and Haben columns, the
// Verwendungszweck in two columns, a Status column with one pending ("vorgemerkt") line and a
// currency column with one USD line. The manager maps the columns once in the console; the preview
// shows the pending line as not booked and the USD line refused; booking books the rest once, and
// the same file again books nothing new (the mapping is remembered for the layout).
//
// Per run: the tenants (made with the admin command line in Gartenweg 12, the demo Verwalter's
// building), the payers' IBANs and the amounts are new, and the export's last column names the
// account number of the run, so a retry meets a layout nobody has mapped yet. Dates are counted back
// from today, so the test runs on any day.

test.use({ viewport: { width: 1280, height: 900 } });

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

async function admin(...args: string[]) {
  const built = join(repoRoot, "apps/server/dist/cli/admin.js");
  const entry = existsSync(built) ? [built] : ["--import", "tsx", join(repoRoot, "apps/server/src/cli/admin.ts")];
  return promisify(execFile)(process.execPath, [...entry, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: serverDataDir(), LOG_LEVEL: "silent" },
  });
}

const berlinToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
function daysBack(n: number): string {
  const d = new Date(`${berlinToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}
const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const euro = (cents: number) =>
  new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);

/** A valid IBAN of this run, one per `n`. */
const iban = (run: number, n: number) =>
  germanIban("43060967", `${String(run).padStart(7, "0")}${String(n).padStart(3, "0")}`);

interface Tenant {
  name: string;
  tenancyId: string;
  reference: string;
}

async function createTenant(request: APIRequestContext, token: string, last: string): Promise<Tenant> {
  await admin(
    "create-tenant",
    "--email",
    `${last.toLowerCase()}@example.com`,
    "--password",
    "zuordnung-test-1",
    "--first-name",
    "Jürgen",
    "--last-name",
    last,
    "--address",
    "Gartenweg 12, 10115 Berlin",
    "--apartment",
    "2 links",
    "--start",
    "2024-01-01",
    "--base-rent",
    "600",
    "--utilities",
    "150",
  );
  const res = await request.get(`/api/v1/staff/ledger/accounts?q=${encodeURIComponent(last)}`, {
    headers: apiHeaders(token),
  });
  expect(res.status(), await res.text()).toBe(200);
  const [account] = ((await res.json()) as { items: { tenancy_id: string; tenant_name: string; reference: string }[] })
    .items;
  expect(account, last).toBeDefined();
  return { name: account!.tenant_name, tenancyId: account!.tenancy_id, reference: account!.reference };
}

/** The tenant's payments booked in `year` (not the opening balance). */
async function paymentsOf(request: APIRequestContext, token: string, tenancyId: string, year: string) {
  const res = await request.get(`/api/v1/staff/ledger/accounts/${tenancyId}?year=${year}`, {
    headers: apiHeaders(token),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { payments: { amount: number; source: string }[] }).payments.filter(
    (p) => p.source !== "opening",
  );
}

async function unmatchedWith(request: APIRequestContext, token: string, text: string) {
  const res = await request.get("/api/v1/staff/ledger/unmatched?limit=100", { headers: apiHeaders(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: { remittance: string | null }[] }).items.filter((i) =>
    i.remittance?.includes(text),
  );
}

const HEADER = [
  "Buchungstag",
  "Valuta",
  "Status",
  "Name Auftraggeber/Empfänger",
  "IBAN Auftraggeber/Empfänger",
  "Verwendungszweck 1",
  "Verwendungszweck 2",
  "Soll",
  "Haben",
  "Währung",
];

interface Row {
  day: string;
  status: "gebucht" | "vorgemerkt";
  name: string;
  iban: string;
  text1: string;
  text2: string;
  cents: number;
  currency: string;
}

/** The export of a bank we do not list: preamble, blank line, header; Windows-1252, CRLF, ';'. */
function statement(account: string, rows: Row[]): Buffer {
  const lines = [
    "Umsatzliste Girokonto",
    "Kontoinhaber;Hausverwaltung Krüger GmbH",
    `Kontonummer;${account}`,
    `Zeitraum;${germanDate(daysBack(14))} bis ${germanDate(berlinToday())}`,
    "",
    [...HEADER, `Saldo Konto ${account}`].join(";"),
    ...rows.map((r) =>
      [
        germanDate(r.day),
        germanDate(r.day),
        r.status,
        r.name,
        r.iban,
        r.text1,
        r.text2,
        r.cents < 0 ? euro(-r.cents) : "",
        r.cents > 0 ? euro(r.cents) : "",
        r.currency,
        "",
      ].join(";"),
    ),
  ];
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1");
}

/** axe finds no WCAG 2.1 AA violation on the screen as it is (issue 25 item 23: the import screens). */
async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });

async function chooseFile(page: Page, name: string, content: Buffer) {
  await nav(page).getByRole("link", { name: "Finanzen" }).click();
  await page
    .getByRole("navigation", { name: "Finanzen" })
    .getByRole("link", { name: "Kontoauszug importieren" })
    .click();
  await page.getByLabel("Kontoauszug (.csv oder .xml)").setInputFiles({ name, mimeType: "text/csv", buffer: content });
  await page.getByRole("button", { name: "Prüfen" }).click();
}

/** Picks the column named `header` (as the console shows it: "Spalte n: name – z. B. …") for `field`. */
async function pick(page: Page, field: string, header: string) {
  const n = HEADER.indexOf(header) + 1;
  expect(n, header).toBeGreaterThan(0);
  const select = page.getByLabel(field, { exact: true });
  const option = select.locator("option", { hasText: `Spalte ${n}: ${header}` });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute("value"))!);
}

test("an unknown bank's CSV: the manager maps Soll/Haben, two Verwendungszweck columns, status and currency once; pending and USD lines are not booked; the same file again books nothing", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = randomUUID().slice(0, 8);
  const run = Number.parseInt(id, 16) % 10_000_000;
  const token = await staffApiLogin(request, VERWALTER.email);
  const paying = await createTenant(request, token, `Zuordnung-${id}-a`);
  const pendingTenant = await createTenant(request, token, `Zuordnung-${id}-b`);
  const account = `54${String(run).padStart(8, "0")}`;
  const cents = (n: number) => 70_000 + (run % 9_000) * 10 + n;

  const rows: Row[] = [
    {
      day: daysBack(6),
      status: "gebucht",
      name: paying.name,
      iban: iban(run, 1),
      text1: "Miete",
      text2: paying.reference,
      cents: cents(1),
      currency: "EUR",
    },
    {
      day: daysBack(5),
      status: "gebucht",
      name: "",
      iban: "",
      text1: "Kontoführung",
      text2: "Entgelt",
      cents: -1250,
      currency: "EUR",
    },
    {
      day: daysBack(4),
      status: "gebucht",
      name: "Søren Weiß",
      iban: iban(run, 2),
      text1: `Nebenkosten ${id}`,
      text2: "Garage",
      cents: cents(2),
      currency: "EUR",
    },
    {
      day: daysBack(2),
      status: "gebucht",
      name: "Overseas Tenant Ltd",
      iban: iban(run, 3),
      text1: "Rent",
      text2: paying.reference,
      cents: cents(3),
      currency: "USD",
    },
    {
      day: daysBack(1),
      status: "vorgemerkt",
      name: pendingTenant.name,
      iban: iban(run, 4),
      text1: "Miete",
      text2: pendingTenant.reference,
      cents: cents(4),
      currency: "EUR",
    },
  ];
  const file = statement(account, rows);

  await consoleLogin(page, VERWALTER.email);
  await chooseFile(page, "Umsatzliste.csv", file);
  await expect(page.getByRole("heading", { name: "Spalten zuordnen: Umsatzliste.csv" })).toBeVisible();
  // The server found the header below the preamble; the console shows its columns with the first rows.
  await expect(page.getByLabel("In welcher Zeile stehen die Spaltennamen?")).toHaveValue("5");
  await expect(page.getByTestId("mapping-sample")).toContainText("Name Auftraggeber/Empfänger");
  await expect(page.getByTestId("mapping-sample")).toContainText("Kontoführung");

  // Nothing chosen: the messages stand next to the fields.
  await page.getByRole("button", { name: "Zuordnung prüfen" }).click();
  await expect(page.getByLabel("Buchungstag", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Bitte die Spalte mit dem Betrag wählen")).toBeVisible();
  await expectAccessible(page);

  await pick(page, "Buchungstag", "Buchungstag");
  await page.getByLabel("zwei Spalten: Soll und Haben").check();
  await pick(page, "Soll (Ausgänge)", "Soll");
  await pick(page, "Haben (Eingänge)", "Haben");
  await pick(page, "Verwendungszweck", "Verwendungszweck 1");
  await page.getByRole("button", { name: "Weitere Spalte für den Verwendungszweck" }).click();
  await pick(page, "Verwendungszweck, Teil 2", "Verwendungszweck 2");
  await pick(page, "Wertstellung (Valuta) (optional)", "Valuta");
  await pick(page, "Name des Zahlers (optional)", "Name Auftraggeber/Empfänger");
  await pick(page, "IBAN des Zahlers (optional)", "IBAN Auftraggeber/Empfänger");
  await pick(page, "Währung (optional)", "Währung");
  await pick(page, "Status (optional)", "Status");
  await page.getByRole("button", { name: "Zuordnung prüfen" }).click();

  await expect(page.getByRole("heading", { name: "Vorschau: Umsatzliste.csv" })).toBeVisible();
  await expect(page.getByTestId("import-layout")).toContainText("eigene Spaltenzuordnung");
  const lines = page.getByTestId("import-line");
  await expect(lines).toHaveCount(5);
  // The two Verwendungszweck columns are read together: the reference in the second one matches.
  const paid = lines.filter({ hasText: `Zeile 1 ·` });
  await expect(paid).toContainText("Zugeordnet");
  await expect(paid).toContainText(`Miete ${paying.reference}`);
  await expect(paid).toContainText(paying.name);
  await expect(lines.filter({ hasText: "Zeile 2 ·" })).toContainText("Nicht berücksichtigt");
  await expect(lines.filter({ hasText: "Zeile 3 ·" })).toContainText("Nicht zugeordnet");
  const usd = lines.filter({ hasText: "Zeile 4 ·" });
  await expect(usd).toContainText("Abgelehnt");
  await expect(usd).toContainText("Betrag in USD");
  const pending = lines.filter({ hasText: "Zeile 5 ·" });
  await expect(pending).toContainText("Vorgemerkt");
  await expect(pending).toContainText("vorgemerkt, wird nicht gebucht");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Buchen" }).click();
  await expect(page.getByRole("heading", { name: "Gebucht" })).toBeVisible();
  await expect(page.getByText("1 Zeile wartet unter")).toBeVisible();
  const paidYear = rows[0]!.day.slice(0, 4);
  const pendingYear = rows[4]!.day.slice(0, 4);
  const payments = await paymentsOf(request, token, paying.tenancyId, paidYear);
  expect(payments).toHaveLength(1);
  expect(payments[0]!.amount).toBe(cents(1) / 100);
  expect(await paymentsOf(request, token, pendingTenant.tenancyId, pendingYear)).toHaveLength(0);
  expect(await unmatchedWith(request, token, `Nebenkosten ${id}`)).toHaveLength(1);

  // The same file again: the layout is known now (no mapping step); nothing is booked twice.
  await chooseFile(page, "Umsatzliste.csv", file);
  await expect(page.getByRole("heading", { name: "Vorschau: Umsatzliste.csv" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Spalten zuordnen/ })).toHaveCount(0);
  await expect(page.getByTestId("import-layout")).toContainText("eigene Spaltenzuordnung");
  await expect(lines.filter({ hasText: "Zeile 1 ·" })).toContainText("Bereits gebucht");
  await expect(lines.filter({ hasText: "Zeile 3 ·" })).toContainText("Bereits gebucht");
  await expect(lines.filter({ hasText: "Zeile 4 ·" })).toContainText("Abgelehnt");
  await expect(lines.filter({ hasText: "Zeile 5 ·" })).toContainText("Vorgemerkt");
  await page.getByRole("button", { name: "Buchen" }).click();
  await expect(page.getByRole("heading", { name: "Gebucht" })).toBeVisible();
  await expect(page.getByTestId("import-totals")).toContainText("0 zugeordnet");
  expect(await paymentsOf(request, token, paying.tenancyId, paidYear)).toHaveLength(1);
  expect(await paymentsOf(request, token, pendingTenant.tenancyId, pendingYear)).toHaveLength(0);
  expect(await unmatchedWith(request, token, `Nebenkosten ${id}`)).toHaveLength(1);
});
