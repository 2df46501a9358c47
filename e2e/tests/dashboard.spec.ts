import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { euro, longDate, preview, time } from "../berlin-format";
import { mailsTo, staffApiLogin, VERWALTER } from "../console-fixtures";
import { apiGet, apiHeaders, apiLogin, expect, loginViaUi, test } from "../fixtures";

interface User {
  email: string;
  first_name: string;
  address: string | null;
  apartment_number: string | null;
}
interface Payment {
  amount: number;
  status: string;
  due_date: string;
}
interface Message {
  id: string;
  sender_name: string;
  content: string;
  received_at: string;
}
interface Appointment {
  id: string;
  title: string;
  status: string;
  origin: "tenant" | "management";
  start_time: string;
  end_time: string;
}

const PAYMENT_LABEL: Record<string, string> = { paid: "Bezahlt", pending: "Ausstehend" };
const APPOINTMENT_LABEL: Record<string, string> = { confirmed: "Bestätigt", pending: "Ausstehend" };

test("the dashboard shows the seeded data of the signed-in tenant", async ({ page, request }) => {
  const token = await apiLogin(request);
  const [user, payment, messages, appointments] = await Promise.all([
    apiGet<User>(request, "/auth/user", token),
    apiGet<Payment | null>(request, "/tenant/payments/current", token),
    // The dashboard shows what the tenant received: the management's newest messages (issue 12).
    apiGet<Message[]>(request, "/tenant/messages?filter=received", token),
    apiGet<Appointment[]>(request, "/tenant/appointments", token),
  ]);

  await loginViaUi(page);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hallo, ${user.first_name || "Mieter"}!`);
  await expect(page.getByTestId("dashboard-address")).toHaveText(user.address ?? "Keine Adresse");
  await expect(page.getByTestId("dashboard-apartment")).toHaveText(
    user.apartment_number ? `Wohnung ${user.apartment_number}` : "Keine Wohnungsnummer",
  );

  // Rent card
  const rent = page.getByRole("region", { name: "Nächste Mietzahlung" });
  expect(payment, "the demo seed has an open payment").not.toBeNull();
  await expect(rent.getByTestId("rent-amount")).toHaveText(euro(payment!.amount));
  await expect(rent.getByTestId("rent-due-date")).toHaveText(longDate(payment!.due_date));
  await expect(rent.getByText(PAYMENT_LABEL[payment!.status] ?? "Überfällig", { exact: true })).toBeVisible();

  // Quick access: 4 tiles in 4 columns
  const quick = page.getByRole("navigation", { name: "Schnellzugriff" });
  await expect(quick.getByRole("link")).toHaveText(["Dokumente", "Zählerstände", "Reparaturen", "Nachrichten"]);
  const columns = await quick
    .locator("ul")
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(4);

  // Latest 2 messages, newest first, 120 characters
  const latest = [...messages].sort((a, b) => Date.parse(b.received_at) - Date.parse(a.received_at)).slice(0, 2);
  expect(latest.length).toBe(2);
  const messageItems = page.getByTestId("dashboard-message");
  await expect(messageItems).toHaveCount(2);
  for (const [i, message] of latest.entries()) {
    const item = messageItems.nth(i);
    await expect(item).toContainText(message.sender_name);
    await expect(item.getByTestId("dashboard-message-content")).toHaveText(preview(message.content));
    await expect(item.getByRole("link", { name: /^Antworten/ })).toHaveAttribute("href", `/messages/${message.id}`);
  }
  await expect(
    page.getByRole("region", { name: "Neueste Nachrichten" }).getByRole("link", { name: "Alle ansehen" }),
  ).toHaveAttribute("href", "/messages");

  // Next 2 upcoming appointments, soonest first
  const now = Date.now();
  // Canceled ones are not upcoming (issue 12).
  const upcoming = appointments
    .filter((a) => a.status !== "canceled" && Date.parse(a.start_time) > now)
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
    .slice(0, 2);
  expect(upcoming.length).toBeGreaterThan(0);
  const appointmentItems = page.getByTestId("dashboard-appointment");
  await expect(appointmentItems).toHaveCount(upcoming.length);
  for (const [i, appointment] of upcoming.entries()) {
    const item = appointmentItems.nth(i);
    await expect(item).toContainText(appointment.title);
    await expect(item).toContainText(APPOINTMENT_LABEL[appointment.status] ?? "Abgeschlossen");
    await expect(item.getByTestId("appointment-date")).toHaveText(longDate(appointment.start_time));
    await expect(item.getByTestId("appointment-time")).toHaveText(
      `${time(appointment.start_time)} - ${time(appointment.end_time)} Uhr`,
    );
    const actions = item.getByRole("link", { name: /^(Verschieben|Bestätigen)/ });
    if (appointment.status === "pending" && appointment.origin === "tenant") {
      // The tenant's own request waits for the management: it can be moved, not confirmed.
      await expect(actions).toHaveCount(1);
      await expect(actions.nth(0)).toHaveText("Verschieben");
      await expect(item.getByTestId("appointment-awaiting")).toHaveText(
        "Wartet auf Bestätigung durch die Hausverwaltung.",
      );
    } else if (appointment.status === "pending") {
      await expect(actions).toHaveCount(2);
      await expect(actions.nth(0)).toHaveText("Verschieben");
      await expect(actions.nth(1)).toHaveText("Bestätigen");
      for (const link of await actions.all()) {
        await expect(link).toHaveAttribute("href", `/appointments/${appointment.id}`);
      }
    } else {
      await expect(actions).toHaveCount(0);
    }
  }

  await expect(page.getByTestId("dashboard-email")).toHaveText(user.email);
  await expect(page.getByText("Angemeldet als")).toBeVisible();
  await expect(page.getByText("Abmelden können Sie sich im Menü „Mehr“.")).toBeVisible();

  // Buttons lead to the detail routes
  const pending = upcoming.find((a) => a.status === "pending" && a.origin !== "tenant");
  if (pending) {
    await page.getByRole("link", { name: `Bestätigen: ${pending.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${pending.id}$`));
    await expect(page.getByTestId("header-title")).toHaveText("Termin");
  }
});

/** First of the month `ahead` months after this one (Berlin), as YYYY-MM-DD. */
function firstOfMonthAhead(ahead: number): string {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" })
    .format(new Date())
    .split("-")
    .map(Number) as [number, number];
  const index = y * 12 + (m - 1) + ahead;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/**
 * A real tenant with nothing yet: created and invited by the demo Verwalter, their password set
 * with the mail's link. The tenancy starts in three months, so no rent is charged yet (charges
 * are made for this month and the next); no messages, no appointments.
 */
async function newTenantWithNothing(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const staff = { headers: apiHeaders(await staffApiLogin(request, VERWALTER.email)) };
  const buildings = (await (await request.get("/api/v1/staff/buildings", staff)).json()) as { id: string }[];
  const email = `leer-${randomUUID().slice(0, 8)}@example.com`;
  const created = await request.post("/api/v1/staff/tenants", {
    ...staff,
    data: {
      first_name: "Lena",
      last_name: "Leer",
      email,
      building_id: buildings[0]!.id,
      unit: "EG links",
      start_date: firstOfMonthAhead(3),
      base_rent: 500,
      utilities: 150,
      payment_method: "bank_transfer",
      due_day: 3,
      invite: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  let token = "";
  await expect
    .poll(
      async () => {
        const link = /\/einladung#token=([\w%-]+)/.exec((await mailsTo(email))[0] ?? "");
        token = link ? decodeURIComponent(link[1]!) : "";
        return token;
      },
      { message: "invitation mail in the outbox", timeout: 20_000 },
    )
    .not.toBe("");
  const password = "ein-leeres-konto-1";
  const accepted = await request.post("/api/v1/auth/invitation/accept", {
    headers: apiHeaders(),
    data: { token, newPassword: password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { email, password };
}

test("loading text, then empty states when the tenant has nothing", async ({ page, request }) => {
  const tenant = await newTenantWithNothing(request);
  // The real answer is held back until the loading text has been seen, then passed on unchanged.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/tenant/payments/current", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/login");
  await expect(page.locator("#intro")).toHaveCount(0, { timeout: 6000 });
  await page.getByLabel("E-Mail Adresse").fill(tenant.email);
  await page.getByLabel("Passwort", { exact: true }).fill(tenant.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByText("Daten werden geladen...")).toBeVisible({ timeout: 8000 });
  release();
  await expect(page.getByRole("heading", { level: 1, name: /^Hallo, Lena/ })).toBeVisible({ timeout: 8000 });
  await expect(page.getByText("Keine anstehende Zahlung")).toBeVisible();
  await expect(page.getByText("Keine Nachrichten vorhanden")).toBeVisible();
  await expect(page.getByText("Keine anstehenden Termine")).toHaveCount(1);
});

test("dashboard queries are retried up to 3 times", async ({ page }) => {
  let calls = 0;
  await page.route("**/api/v1/tenant/payments/current", async (route) => {
    calls++;
    if (calls <= 3) await route.fulfill({ status: 503, json: { error: "service_unavailable", message: "x" } });
    else await route.fallback();
  });
  await loginViaUi(page);
  await expect(page.getByTestId("rent-amount")).toBeVisible({ timeout: 15000 });
  expect(calls).toBe(4);
});
