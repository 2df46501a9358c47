import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { appointmentDay, berlinDate, plainSunday } from "../berlin-dates";
import { longDate, time } from "../berlin-format";
import {
  apiGet,
  apiHeaders,
  apiLogin,
  expect,
  loginViaUi,
  proposeAsStaff,
  test,
  toasts,
  waitForAnimationsSettled,
} from "../fixtures";

interface Appointment {
  id: string;
  type: "consultation" | "inspection" | "repair" | "other";
  title: string;
  status: "pending" | "confirmed" | "canceled" | "completed";
  origin: "tenant" | "management";
  start_time: string;
  end_time: string;
  requested_date: string | null;
  time_slot: "morning" | "afternoon" | "evening" | null;
  notes: string | null;
}

/**
 * A working day some weeks ahead (inside the server's 6 months), so the test rows stay behind the
 * seed's next appointments.
 */
function futureDate(): string {
  return appointmentDay(30, 130);
}

const list = (request: APIRequestContext, token: string) =>
  apiGet<Appointment[]>(request, "/tenant/appointments", token);
const one = (request: APIRequestContext, token: string, id: string) =>
  apiGet<Appointment>(request, `/tenant/appointments/${id}`, token);

/** Our own pending appointment, made through the API. */
async function createPending(
  request: APIRequestContext,
  token: string,
  body: { type: Appointment["type"]; timeSlot: "morning" | "afternoon" | "evening"; notes?: string },
): Promise<Appointment> {
  const res = await request.post("/api/v1/tenant/appointments", {
    headers: apiHeaders(token),
    data: { date: futureDate(), ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Appointment;
}

/** A proposal of the management (the tenant may confirm it), made by the demo Verwalter. */
async function createProposal(request: APIRequestContext, token: string, title: string): Promise<Appointment> {
  // 09:00 UTC is 10:00 or 11:00 in Berlin: inside office hours whatever the season.
  const day = futureDate();
  const id = await proposeAsStaff(request, token, {
    type: "inspection",
    title,
    start: `${day}T09:00:00.000Z`,
    end: `${day}T10:00:00.000Z`,
  });
  return one(request, token, id);
}

async function openAppointments(page: Page) {
  await loginViaUi(page);
  await page.getByRole("button", { name: "Mehr" }).click();
  await page.getByRole("dialog", { name: "Mehr" }).getByRole("link", { name: "Termine" }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole("heading", { level: 1, name: "Termine" })).toBeVisible();
}

async function openDetail(page: Page, appointment: Appointment) {
  await openAppointments(page);
  await page.locator(`a[href="/appointments/${appointment.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/appointments/${appointment.id}$`));
  await expect(page.getByTestId("header-title")).toHaveText("Termin");
  await expect(page.getByRole("heading", { level: 1, name: appointment.title })).toBeVisible();
}

const form = (page: Page) => page.getByRole("region", { name: "Termin vereinbaren" });
const STATUS = { confirmed: "Bestätigt", pending: "Ausstehend", canceled: "Abgesagt", completed: "Abgeschlossen" };

test("upcoming and past appointments come from the API with badge, date and time", async ({ page, request }) => {
  const token = await apiLogin(request);
  const all = await list(request, token);
  const now = Date.now();
  const open = (a: Appointment) => (a.status === "pending" || a.status === "confirmed") && Date.parse(a.end_time) > now;
  const upcoming = all.filter(open).sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  const past = all.filter((a) => !open(a)).sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
  expect(upcoming.length, "seed has upcoming appointments").toBeGreaterThan(0);
  expect(past.length, "seed has past appointments").toBeGreaterThan(0);

  await openAppointments(page);
  for (const [name, expected] of [
    ["Anstehende Termine", upcoming],
    ["Vergangene und abgesagte Termine", past],
  ] as const) {
    const cards = page.getByRole("region", { name }).getByTestId("appointment-card");
    await expect(cards).toHaveCount(expected.length);
    for (const [i, appointment] of expected.entries()) {
      const card = cards.nth(i);
      await expect(card).toHaveAttribute("href", `/appointments/${appointment.id}`);
      await expect(card).toContainText(appointment.title);
      await expect(card).toContainText(STATUS[appointment.status]);
      await expect(card.getByTestId("appointment-date")).toHaveText(longDate(appointment.start_time));
      await expect(card.getByTestId("appointment-time")).toHaveText(
        `${time(appointment.start_time)} - ${time(appointment.end_time)} Uhr`,
      );
    }
  }
});

test("the form refuses missing fields with 'Fehlende Angaben' and past dates, sending nothing", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const before = (await list(request, token)).length;
  await openAppointments(page);
  let posted = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/v1/tenant/appointments")) posted++;
  });

  await form(page).getByRole("button", { name: "Termin anfragen" }).click();
  await expect(toasts(page).getByText("Fehlende Angaben")).toBeVisible();
  await expect(toasts(page).getByText("Bitte füllen Sie alle Pflichtfelder aus.")).toBeVisible();
  await expect(form(page).getByLabel("Art des Termins")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).getByLabel("Datum")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).getByRole("radio", { name: "Abend (16-18 Uhr)" })).toHaveAttribute("aria-invalid", "true");
  // The first missing field gets the focus.
  await expect(form(page).getByLabel("Art des Termins")).toBeFocused();

  await form(page).getByLabel("Art des Termins").selectOption({ label: "Beratung" });
  await form(page).getByLabel("Datum").fill(berlinDate(-1));
  await form(page).getByRole("radio", { name: "Vormittag (8-12 Uhr)" }).check();
  await form(page).getByRole("button", { name: "Termin anfragen" }).click();
  await expect(form(page).getByText("Das Datum darf nicht in der Vergangenheit liegen.")).toBeVisible();
  await expect(form(page).getByLabel("Datum")).toHaveAttribute("aria-invalid", "true");

  expect(posted).toBe(0);
  expect((await list(request, token)).length).toBe(before);
});

test("a Sunday is refused with the German reason under the date field, sending nothing", async ({ page, request }) => {
  const token = await apiLogin(request);
  const before = (await list(request, token)).length;
  await openAppointments(page);
  let posted = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/v1/tenant/appointments")) posted++;
  });

  // The date input offers tomorrow up to 6 months ahead.
  await expect(form(page).getByLabel("Datum")).toHaveAttribute("min", berlinDate(1));
  await form(page).getByLabel("Art des Termins").selectOption({ label: "Besichtigung" });
  await form(page).getByLabel("Datum").fill(plainSunday());
  await form(page).getByRole("radio", { name: "Nachmittag (12-16 Uhr)" }).check();
  await form(page).getByRole("button", { name: "Termin anfragen" }).click();
  const message = "Bitte wählen Sie einen Werktag (Montag bis Freitag).";
  await expect(form(page).getByText(message)).toBeVisible();
  await expect(form(page).getByLabel("Datum")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).getByLabel("Datum")).toHaveAccessibleDescription(message);
  await expect(toasts(page).getByText("Fehlende Angaben")).toHaveCount(0);

  expect(posted).toBe(0);
  expect((await list(request, token)).length).toBe(before);
});

test("a request becomes a pending appointment on the server and shows under 'Anstehende Termine'", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const before = new Set((await list(request, token)).map((a) => a.id));
  const date = futureDate();
  const notes = `Bitte vorher anrufen (${Date.now()})`;

  await openAppointments(page);
  await expect(form(page).getByLabel("Art des Termins").locator("option")).toHaveText([
    "Bitte wählen",
    "Beratung",
    "Besichtigung",
    "Reparatur",
    "Sonstiges",
  ]);
  await expect(form(page).getByRole("radio")).toHaveCount(3);
  for (const name of ["Vormittag (8-12 Uhr)", "Nachmittag (12-16 Uhr)", "Abend (16-18 Uhr)"]) {
    await expect(form(page).getByRole("radio", { name })).toBeVisible();
  }
  await form(page).getByLabel("Art des Termins").selectOption({ label: "Besichtigung" });
  await form(page).getByLabel("Datum").fill(date);
  await form(page).getByRole("radio", { name: "Nachmittag (12-16 Uhr)" }).check();
  await form(page).getByLabel("Anmerkungen (optional)").fill(notes);
  await form(page).getByRole("button", { name: "Termin anfragen" }).click();
  await expect(toasts(page).getByText("Termin angefragt")).toBeVisible();

  const created = (await list(request, token)).filter((a) => !before.has(a.id));
  expect(created).toHaveLength(1);
  const row = created[0]!;
  expect(row).toMatchObject({
    type: "inspection",
    title: "Besichtigung",
    status: "pending",
    requested_date: date,
    time_slot: "afternoon",
    notes,
  });
  expect(time(row.start_time)).toBe("12:00");
  expect(time(row.end_time)).toBe("16:00");

  // The form is empty again and the new appointment is listed.
  await expect(form(page).getByLabel("Art des Termins")).toHaveValue("");
  await expect(form(page).getByLabel("Anmerkungen (optional)")).toHaveValue("");
  const card = page.getByRole("region", { name: "Anstehende Termine" }).locator(`a[href="/appointments/${row.id}"]`);
  await expect(card).toContainText("Ausstehend");
  await expect(card.getByTestId("appointment-date")).toHaveText(longDate(row.start_time));
  await expect(card.getByTestId("appointment-time")).toHaveText("12:00 - 16:00 Uhr");
});

test("a failed request shows the spec's failure text and keeps the input", async ({ page }) => {
  await page.route("**/api/v1/tenant/appointments", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, json: { error: "internal_error", message: "Interner Fehler" } })
      : route.fallback(),
  );
  await openAppointments(page);
  await form(page).getByLabel("Art des Termins").selectOption({ label: "Sonstiges" });
  await form(page).getByLabel("Datum").fill(futureDate());
  await form(page).getByRole("radio", { name: "Abend (16-18 Uhr)" }).check();
  await form(page).getByRole("button", { name: "Termin anfragen" }).click();
  await expect(toasts(page).getByText(/^Ihre Terminanfrage konnte nicht übermittelt werden/)).toBeVisible();
  await expect(form(page).getByLabel("Art des Termins")).toHaveValue("other");
});

test("'Bestätigen' confirms a proposal of the management on the server; a confirmed one can be canceled after asking", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const appointment = await createProposal(request, token, `Zählerwechsel ${Date.now()}`);
  expect(appointment).toMatchObject({ status: "pending", origin: "management" });
  await openDetail(page, appointment);
  await expect(page.getByTestId("appointment-status")).toHaveText("Ausstehend");
  await expect(page.getByTestId("appointment-date")).toHaveText(longDate(appointment.start_time));
  await expect(page.getByTestId("appointment-time")).toHaveText(
    `${time(appointment.start_time)} - ${time(appointment.end_time)} Uhr`,
  );
  await expect(page.getByRole("button", { name: "Termin absagen" })).toHaveCount(0);
  await expect(page.getByTestId("appointment-awaiting")).toHaveCount(0);

  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(toasts(page).getByText("Status aktualisiert")).toBeVisible();
  await expect(page.getByTestId("appointment-status")).toHaveText("Bestätigt");
  expect((await one(request, token, appointment.id)).status).toBe("confirmed");
  await expect(page.getByRole("button", { name: "Bestätigen" })).toHaveCount(0);

  // Canceling asks first; "Nicht absagen" changes nothing.
  await page.getByRole("button", { name: "Termin absagen" }).click();
  const ask = page.getByRole("alertdialog", { name: "Termin absagen?" });
  await expect(ask).toContainText(appointment.title);
  await ask.getByRole("button", { name: "Nicht absagen" }).click();
  await expect(ask).toBeHidden();
  expect((await one(request, token, appointment.id)).status).toBe("confirmed");

  await page.getByRole("button", { name: "Termin absagen" }).click();
  await page.getByRole("alertdialog", { name: "Termin absagen?" }).getByRole("button", { name: "Ja, absagen" }).click();
  await expect(page.getByTestId("appointment-status")).toHaveText("Abgesagt");
  await expect(page.getByText("Dieser Termin wurde abgesagt.")).toBeVisible();
  expect((await one(request, token, appointment.id)).status).toBe("canceled");
});

test("the tenant's own request waits for the management: no 'Bestätigen', a hint, and the server refuses a confirm", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const appointment = await createPending(request, token, { type: "consultation", timeSlot: "morning" });
  expect(appointment).toMatchObject({ status: "pending", origin: "tenant" });
  await openDetail(page, appointment);
  await expect(page.getByTestId("appointment-status")).toHaveText("Ausstehend");
  await expect(page.getByTestId("appointment-time")).toHaveText("08:00 - 12:00 Uhr");
  await expect(page.getByTestId("appointment-awaiting")).toContainText(
    "Wartet auf Bestätigung durch die Hausverwaltung",
  );
  await expect(page.getByRole("button", { name: "Bestätigen" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Verschieben" })).toBeVisible();

  const refused = await request.patch(`/api/v1/tenant/appointments/${appointment.id}/status`, {
    headers: apiHeaders(token),
    data: { status: "confirmed" },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    "Ihre Anfrage wartet noch auf die Bestätigung der Hausverwaltung.",
  );

  // The tenant may still withdraw it.
  await page.getByRole("button", { name: "Termin absagen" }).click();
  await page.getByRole("alertdialog", { name: "Termin absagen?" }).getByRole("button", { name: "Ja, absagen" }).click();
  await expect(page.getByTestId("appointment-status")).toHaveText("Abgesagt");
  expect((await one(request, token, appointment.id)).status).toBe("canceled");
});

test("'Verschieben' cancels on the server and opens the request form filled with type, slot and notes", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const notes = `Hund im Haus (${Date.now()})`;
  const appointment = await createPending(request, token, { type: "repair", timeSlot: "evening", notes });
  await openDetail(page, appointment);

  await page.getByRole("button", { name: "Verschieben" }).click();
  const ask = page.getByRole("alertdialog", { name: "Termin verschieben?" });
  await ask.getByRole("button", { name: "Absagen und neu anfragen" }).click();
  await expect(page).toHaveURL(new RegExp(`/appointments\\?reschedule=${appointment.id}$`));
  await expect(toasts(page).getByText("Status aktualisiert")).toBeVisible();
  await expect.poll(async () => (await one(request, token, appointment.id)).status).toBe("canceled");

  await expect(page.getByTestId("reschedule-note")).toContainText(appointment.title);
  await expect(form(page).getByLabel("Art des Termins")).toHaveValue("repair");
  await expect(form(page).getByRole("radio", { name: "Abend (16-18 Uhr)" })).toBeChecked();
  await expect(form(page).getByLabel("Anmerkungen (optional)")).toHaveValue(notes);
  await expect(form(page).getByLabel("Datum")).toHaveValue("");
  await expect(form(page).getByLabel("Datum")).toBeFocused();
  await expect(
    page
      .getByRole("region", { name: "Vergangene und abgesagte Termine" })
      .locator(`a[href="/appointments/${appointment.id}"]`),
  ).toContainText("Abgesagt");

  // Sending the filled form asks for the new date as a fresh pending appointment.
  const before = new Set((await list(request, token)).map((a) => a.id));
  const date = futureDate();
  await form(page).getByLabel("Datum").fill(date);
  await form(page).getByRole("button", { name: "Termin anfragen" }).click();
  await expect(toasts(page).getByText("Termin angefragt")).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
  const created = (await list(request, token)).filter((a) => !before.has(a.id));
  expect(created).toHaveLength(1);
  expect(created[0]).toMatchObject({
    type: "repair",
    status: "pending",
    requested_date: date,
    time_slot: "evening",
    notes,
  });
});

test("a failed status change says so and leaves the appointment pending", async ({ page, request }) => {
  const token = await apiLogin(request);
  const appointment = await createProposal(request, token, `Fenstertausch ${Date.now()}`);
  await page.route("**/api/v1/tenant/appointments/*/status", (route) =>
    route.fulfill({ status: 500, json: { error: "internal_error", message: "Interner Fehler" } }),
  );
  await openDetail(page, appointment);
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(toasts(page).getByText("Der Terminstatus konnte nicht aktualisiert werden.")).toBeVisible();
  await expect(page.getByTestId("appointment-status")).toHaveText("Ausstehend");
  expect((await one(request, token, appointment.id)).status).toBe("pending");
});

async function scan(page: Page) {
  await waitForAnimationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test("appointments, the form with errors and a pending appointment have no WCAG 2.1 AA violations", async ({
      page,
      request,
    }) => {
      const token = await apiLogin(request);
      const appointment = await createPending(request, token, {
        type: "inspection",
        timeSlot: "morning",
        notes: "a11y",
      });
      await openAppointments(page);
      await page.getByRole("button", { name: "Hinweis schließen" }).click();
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      await expect(page.getByTestId("appointment-card").first()).toBeVisible();
      await scan(page);

      await form(page).getByRole("button", { name: "Termin anfragen" }).click();
      await expect(form(page).getByText("Bitte wählen Sie ein Zeitfenster.")).toBeVisible();
      await page.getByRole("button", { name: "Hinweis schließen" }).click();
      await scan(page);

      await page.locator(`a[href="/appointments/${appointment.id}"]`).click();
      await expect(page.getByRole("heading", { level: 1, name: appointment.title })).toBeVisible();
      await scan(page);

      await page.getByRole("button", { name: "Verschieben" }).click();
      await expect(page.getByRole("alertdialog", { name: "Termin verschieben?" })).toBeVisible();
      await scan(page);
    });
  });
}
