import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { consoleLogin, seedStaffSession, serverDataDir, staffApiLogin, VERWALTER } from "../console-fixtures";
import { expect, loginViaUi, test, waitForAnimationsSettled } from "../fixtures";
import { freshIban } from "../test-ibans";

// Issue 14 §2, "Done when": as the demo Verwalter, import a bank statement (CSV, CAMT.053) that pays
// a tenant's open rent, and the tenant sees that payment as 'Bezahlt' in their app; a tenant with
// overdue rent is in the overdue list with the days.
//
// Every test makes its own tenant in Gartenweg 12 (the demo Verwalter's building) with the admin
// command line, and starts its rent ledger two months back (`rent-charges --from`), so the oldest
// charge is overdue whatever day the suite runs. Statement lines carry unique bank references.

// The console at desktop width; the tenants' app in phone-sized contexts of their own.
test.use({ viewport: { width: 1280, height: 900 } });

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BUILDING_ADDRESS = "Gartenweg 12, 10115 Berlin";
const PASSWORD = "miete-test-1";
const MONTHS = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
];

interface Tenant {
  email: string;
  password: string;
  name: string;
}

async function admin(...args: string[]) {
  const built = join(repoRoot, "apps/server/dist/cli/admin.js");
  const entry = existsSync(built) ? [built] : ["--import", "tsx", join(repoRoot, "apps/server/src/cli/admin.ts")];
  return promisify(execFile)(process.execPath, [...entry, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: serverDataDir(), LOG_LEVEL: "silent" },
  });
}

/** Today in Berlin, and the month `n` months before it (YYYY-MM). */
function berlinToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
}
function monthsBack(n: number): string {
  const [y, m] = berlinToday().split("-").map(Number) as [number, number];
  const total = y * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}
const rentDescription = (period: string) => `Miete ${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** A tenant (600 + 150 rent, due on the 3rd) whose ledger starts two months ago. */
async function createTenant(tag: string): Promise<Tenant> {
  const id = randomUUID().slice(0, 8);
  const tenant = { email: `${tag}-${id}@example.com`, password: PASSWORD, name: `Lena ${tag}-${id}` };
  await admin(
    "create-tenant",
    "--email",
    tenant.email,
    "--password",
    tenant.password,
    "--first-name",
    "Lena",
    "--last-name",
    `${tag}-${id}`,
    "--address",
    BUILDING_ADDRESS,
    "--apartment",
    "3 rechts",
    "--start",
    "2024-01-01",
    "--base-rent",
    "600",
    "--utilities",
    "150",
  );
  await admin("rent-charges", "--email", tenant.email, "--from", monthsBack(2));
  return tenant;
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });

/** Opens the tenant's rent account in the console and returns their payment reference. */
async function openAccount(page: Page, tenant: Tenant): Promise<string> {
  await nav(page).getByRole("link", { name: "Finanzen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Finanzen" })).toBeVisible();
  await page.getByRole("search", { name: "Mietkonten suchen" }).getByLabel("Suche").fill(tenant.name);
  // The search runs 300 ms after typing and then replaces the list: wait for the searched list, or a
  // click on the unfiltered list's link can land while that list is being taken away.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole("list", { name: "Mietkonten" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("link", { name: tenant.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Mietkonto ${tenant.name}` })).toBeVisible();
  const reference = (await page.getByTestId("payment-reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^MP-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  return reference;
}

/** Chooses a statement file in the import screen and waits for the preview. */
async function previewStatement(page: Page, name: string, mimeType: string, content: string) {
  await nav(page).getByRole("link", { name: "Finanzen" }).click();
  await page
    .getByRole("navigation", { name: "Finanzen" })
    .getByRole("link", { name: "Kontoauszug importieren" })
    .click();
  await page.getByLabel("Kontoauszug (.csv oder .xml)").setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByRole("heading", { name: `Vorschau: ${name}` })).toBeVisible();
}

/** The tenant's Finanzen in their own app: the charge of `period` shows `status`. */
async function expectTenantSees(page: Page, tenant: Tenant, period: string, status: string) {
  await loginViaUi(page, tenant);
  await page.goto("/finances");
  await expect(page.getByRole("heading", { level: 1, name: "Finanzen" })).toBeVisible();
  const year = page.getByLabel("Jahr");
  if ((await year.inputValue()) !== period.slice(0, 4)) await year.selectOption(period.slice(0, 4));
  const row = page.getByTestId("payment-row").filter({ hasText: rentDescription(period) });
  await expect(row).toContainText(status);
}

test("a CSV statement pays an overdue rent: the tenant sees 'Bezahlt'; the overdue list names the tenant with days", async ({
  page,
  browser,
}) => {
  // Console, import, booking and the tenant's app in a second browser: more than the default 30 s
  // on a loaded CI machine.
  test.slow();
  const tenant = await createTenant("csv");
  const oldest = monthsBack(2);

  await consoleLogin(page, VERWALTER.email);
  await nav(page).getByRole("link", { name: "Finanzen" }).click();
  await page.getByRole("navigation", { name: "Finanzen" }).getByRole("link", { name: "Überfällig" }).click();
  const entry = page.getByTestId("overdue-entry").filter({ hasText: tenant.name });
  await expect(entry).toContainText("Gartenweg 12");
  await expect(entry).toContainText(/überfällig \(\d+ Monate\)/);
  await expect(entry).toContainText(/\d+ Tage/);

  const reference = await openAccount(page, tenant);
  const oldestCharge = page.getByTestId("ledger-charge").filter({ hasText: rentDescription(oldest) });
  if (oldest.slice(0, 4) === berlinToday().slice(0, 4)) await expect(oldestCharge).toContainText("Überfällig");

  const csv = [
    "Buchungstag;Betrag;Verwendungszweck;Name;IBAN;Referenz",
    `${germanDate(berlinToday())};750,00;Miete ${reference};${tenant.name};${freshIban()};E2E-${randomUUID()}`,
    `${germanDate(berlinToday())};12,34;Unbekannte Gutschrift;Fremd;${freshIban("37040044")};E2E-${randomUUID()}`,
  ].join("\n");
  await previewStatement(page, "auszug.csv", "text/csv", csv);
  const lines = page.getByTestId("import-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("Zugeordnet");
  await expect(lines.nth(0)).toContainText(`Zahlungsreferenz ${reference} im Verwendungszweck`);
  await expect(lines.nth(0)).toContainText(tenant.name);
  await expect(lines.nth(1)).toContainText("Nicht zugeordnet");
  await expect(lines.nth(1)).toContainText("keine Zahlungsreferenz");
  await page.getByRole("button", { name: "Buchen" }).click();
  await expect(page.getByRole("heading", { name: "Gebucht" })).toBeVisible();
  await expect(page.getByText("1 Zeile wartet unter")).toBeVisible();

  // The unmatched line waits in its list.
  await page.getByRole("link", { name: "Nicht zugeordnet" }).first().click();
  await expect(page.getByTestId("unmatched-line").filter({ hasText: "Unbekannte Gutschrift" }).first()).toBeVisible();

  const tenantPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await expectTenantSees(tenantPage, tenant, oldest, "Bezahlt");
  await tenantPage.context().close();
});

test("a CAMT.053 statement pays the rent once: read again, its line is 'Bereits gebucht'", async ({
  page,
  browser,
}) => {
  const tenant = await createTenant("camt");
  const oldest = monthsBack(2);
  await consoleLogin(page, VERWALTER.email);
  const reference = await openAccount(page, tenant);

  const bankRef = `E2E-CAMT-${randomUUID()}`;
  const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt><GrpHdr><MsgId>${bankRef}</MsgId><CreDtTm>${berlinToday()}T08:00:00</CreDtTm></GrpHdr>
    <Stmt><Id>1</Id>
      <Ntry>
        <Amt Ccy="EUR">750.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${berlinToday()}</Dt></BookgDt><AcctSvcrRef>${bankRef}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Pty><Nm>${tenant.name}</Nm></Pty></Dbtr>
            <DbtrAcct><Id><IBAN>DE44500105175407324931</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Ustrd>Miete ${reference.replaceAll("-", " ")}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
  await previewStatement(page, "camt053.xml", "application/xml", camt);
  const line = page.getByTestId("import-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("Zugeordnet");
  await expect(line).toContainText(`Zahlungsreferenz ${reference}`);
  await page.getByRole("button", { name: "Buchen" }).click();
  await expect(page.getByRole("heading", { name: "Gebucht" })).toBeVisible();

  await previewStatement(page, "camt053.xml", "application/xml", camt);
  await expect(page.getByTestId("import-line")).toContainText("Bereits gebucht");

  const tenantPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await expectTenantSees(tenantPage, tenant, oldest, "Bezahlt");
  await tenantPage.context().close();
});

test("the Finanzen screens have no WCAG 2.1 AA violation, light and dark", async ({ page, request }) => {
  test.setTimeout(90_000);
  const tenant = await createTenant("a11y");
  const token = await staffApiLogin(request, VERWALTER.email);
  const headers = { "X-API-Key": "mp-web-client-2025", Authorization: `Bearer ${token}` };
  const found = await request.get(`/api/v1/staff/ledger/accounts?q=${encodeURIComponent(tenant.name)}`, { headers });
  const account = ((await found.json()) as { items: { tenancy_id: string; reference: string }[] }).items[0]!;
  // A partial payment and a line nobody can match, so every kind of row is on screen.
  const csv = [
    "Buchungstag;Betrag;Verwendungszweck;Name;IBAN;Referenz",
    `${germanDate(berlinToday())};300,00;Miete ${account.reference};${tenant.name};${freshIban()};A11Y-${randomUUID()}`,
    `${germanDate(berlinToday())};45,00;Ohne Referenz;Fremd;DE89370400440532013000;A11Y-${randomUUID()}`,
  ].join("\n");
  const booked = await request.post("/api/v1/staff/ledger/imports", {
    headers,
    data: { filename: "a.csv", content: csv },
  });
  expect(booked.status()).toBe(201);

  await seedStaffSession(page, token);
  const scan = async () => {
    await expect(page.getByText("Wird geladen…")).toHaveCount(0);
    await page.mouse.move(0, 0);
    await waitForAnimationsSettled(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/verwaltung/finanzen");
    await expect(page.getByRole("list", { name: "Mietkonten" })).toBeVisible();
    await scan();
    await page.goto("/verwaltung/finanzen/ueberfaellig");
    await expect(page.getByTestId("overdue-entry").first()).toBeVisible();
    await scan();
    await page.goto("/verwaltung/finanzen/nicht-zugeordnet");
    await expect(page.getByTestId("unmatched-line").first()).toBeVisible();
    await scan();
    await page.goto(`/verwaltung/finanzen/konten/${account.tenancy_id}`);
    await expect(page.getByTestId("ledger-charge").first()).toBeVisible();
    await scan();
    await page.getByRole("button", { name: "Zahlung erfassen" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Erfassen" }).click();
    await expect(page.getByRole("dialog").getByText("Bitte einen Betrag in Euro angeben")).toBeVisible();
    await scan();
    await page.keyboard.press("Escape");
    await page.goto("/verwaltung/finanzen/import");
    await page
      .getByLabel("Kontoauszug (.csv oder .xml)")
      .setInputFiles({ name: "a.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Prüfen" }).click();
    await expect(page.getByTestId("import-line").first()).toBeVisible();
    await scan();
  }
});
