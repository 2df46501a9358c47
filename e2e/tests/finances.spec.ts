import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { euro, longDate } from "../berlin-format";
import {
  apiGet,
  apiLogin,
  DEMO,
  expect,
  NEIGHBOUR,
  seedSession,
  test,
  waitForAnimationsSettled,
  waitForIntroGone,
} from "../fixtures";

interface Payment {
  id: string;
  amount: number;
  status: string;
  due_date: string;
  paid_at: string | null;
  description: string;
}
interface Finances {
  year: number;
  years: number[];
  rent: {
    base_rent: number;
    utilities: number;
    total: number;
    payment_method: string;
    due_day: number;
    iban_last4: string | null;
  };
  payments: Payment[];
  open_invoices: Array<{ title: string; amount: number; due_date: string }>;
}

const METHOD_LABEL: Record<string, string> = {
  sepa_direct_debit: "SEPA-Lastschrift",
  bank_transfer: "Überweisung",
  standing_order: "Dauerauftrag",
};
const STATUS_LABEL: Record<string, string> = { paid: "Bezahlt", pending: "Ausstehend" };

async function openFinances(page: Page, request: APIRequestContext, account = DEMO) {
  const token = await apiLogin(request, account);
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
  await page.goto("/finances");
  await waitForIntroGone(page);
  await expect(page.getByRole("heading", { level: 1, name: "Finanzen" })).toBeVisible();
  return token;
}

function berlinYear(): number {
  return Number(new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Berlin" }).format(new Date()));
}

async function expectPaymentsOf(page: Page, finances: Finances) {
  const rows = page.getByTestId("payment-row");
  await expect(rows).toHaveCount(finances.payments.length);
  for (const [i, payment] of finances.payments.entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(payment.description);
    await expect(row.getByTestId("payment-amount")).toHaveText(euro(payment.amount));
    await expect(row).toContainText(STATUS_LABEL[payment.status] ?? "Überfällig");
    await expect(row).toContainText(
      payment.paid_at ? `Bezahlt am ${longDate(payment.paid_at)}` : `Fällig am ${longDate(payment.due_date)}`,
    );
  }
}

test("rent card, this year's payments and open invoices match the API", async ({ page, request }) => {
  const token = await openFinances(page, request);
  const finances = await apiGet<Finances>(request, "/tenant/finances", token);
  expect(finances.year).toBe(berlinYear());

  const rent = page.getByRole("region", { name: "Ihre Miete" });
  await expect(rent.getByTestId("rent-total")).toHaveText(euro(finances.rent.total));
  expect(finances.rent.total).toBeCloseTo(finances.rent.base_rent + finances.rent.utilities, 2);
  await expect(rent.getByTestId("rent-base")).toHaveText(euro(finances.rent.base_rent));
  await expect(rent.getByTestId("rent-utilities")).toHaveText(euro(finances.rent.utilities));
  await expect(rent.getByTestId("rent-method")).toContainText(METHOD_LABEL[finances.rent.payment_method]!);
  await expect(rent.getByTestId("rent-due-day")).toHaveText(`am ${finances.rent.due_day}. des Monats`);
  // The demo tenant is the spec's sample: 750 = 550 + 200 by SEPA direct debit on the 3rd.
  await expect(rent.getByTestId("rent-total")).toHaveText(euro(750));
  await expect(rent.getByTestId("rent-method")).toContainText("SEPA-Lastschrift");
  await expect(rent.getByTestId("rent-due-day")).toHaveText("am 3. des Monats");

  const year = page.getByLabel("Jahr");
  await expect(year).toHaveValue(String(finances.year));
  await expectPaymentsOf(page, finances);

  const invoices = page.getByRole("region", { name: "Offene Rechnungen" });
  expect(finances.open_invoices.length).toBeGreaterThan(0);
  await expect(invoices.getByTestId("invoice-row")).toHaveCount(finances.open_invoices.length);
  for (const invoice of finances.open_invoices) {
    await expect(invoices).toContainText(invoice.title);
    await expect(invoices).toContainText(euro(invoice.amount));
    await expect(invoices).toContainText(`Fällig am ${longDate(invoice.due_date)}`);
  }
});

test("the year selector offers the years with data and switches to that year's payments", async ({ page, request }) => {
  const token = await openFinances(page, request);
  const current = await apiGet<Finances>(request, "/tenant/finances", token);
  const expectedYears = [...new Set([berlinYear(), ...current.years])].sort((a, b) => b - a);
  const year = page.getByLabel("Jahr");
  await expect(year.locator("option")).toHaveText(expectedYears.map(String));

  const older = current.years.filter((y) => y < current.year);
  expect(older.length, "the demo seed has earlier years").toBeGreaterThan(0);
  for (const target of older) {
    const requested = page.waitForRequest((r) => r.url().includes(`/tenant/finances?year=${target}`));
    await year.selectOption(String(target));
    await requested;
    const that = await apiGet<Finances>(request, `/tenant/finances?year=${target}`, token);
    expect(that.payments.length).toBeGreaterThan(0);
    expect(that.payments.every((p) => p.due_date.startsWith(`${target}-`))).toBe(true);
    await expect(page.getByTestId("payment-list")).toHaveAttribute("data-year", String(target));
    await expectPaymentsOf(page, that);
  }
  await year.selectOption(String(current.year));
  await expectPaymentsOf(page, current);
});

test("a tenant without open invoices sees the empty state", async ({ page, request }) => {
  const token = await openFinances(page, request, NEIGHBOUR);
  const finances = await apiGet<Finances>(request, "/tenant/finances", token);
  expect(finances.open_invoices).toEqual([]);
  const invoices = page.getByRole("region", { name: "Offene Rechnungen" });
  await expect(invoices.getByTestId("invoices-empty")).toContainText("Keine offenen Rechnungen");
  await expect(page.getByRole("region", { name: "Ihre Miete" }).getByTestId("rent-method")).toContainText(
    METHOD_LABEL[finances.rent.payment_method]!,
  );
});

for (const scheme of ["light", "dark"] as const) {
  test(`/finances has no WCAG 2.1 AA violations (${scheme})`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openFinances(page, request);
    await expect(page.getByTestId("payment-row").first()).toBeVisible();
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await waitForAnimationsSettled(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
