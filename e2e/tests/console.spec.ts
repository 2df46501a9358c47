import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import {
  ADMIN,
  adminTotp,
  consoleLogin,
  HAUSMEISTER,
  mailsTo,
  STAFF_PASSWORD,
  seedStaffSession,
  staffApiLogin,
  VERWALTER,
} from "../console-fixtures";
import { tenantAppointment, tenantLowReading, tenantMessage, tenantRepair } from "../console-items";
import { apiGet, apiHeaders, apiLogin, DEMO, expect, loginViaUi, test, toasts } from "../fixtures";

/** The staff console (issue 11) against the real server with the seeded demo staff. */

// Desktop-first: the console's sidebar shows from 1024 px (the suite's default is a phone).
test.use({ viewport: { width: 1280, height: 900 } });

const nav = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1000)}`;

test.describe("sign-in", () => {
  test("the Verwalter signs in with e-mail and password; a wrong password says so", async ({ page }) => {
    await page.goto("/verwaltung/");
    await expect(page).toHaveURL(/\/verwaltung\/anmelden$/);
    await page.getByLabel("E-Mail-Adresse").fill(VERWALTER.email);
    await page.getByLabel("Passwort", { exact: true }).fill("falsch-falsch");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert")).toContainText(/falsch|ungültig/i);
    await page.getByLabel("Passwort", { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Eingang" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("mieter_portal_staff_token"))).toBeTruthy();
    await expect(nav(page).getByRole("link", { name: "Mieter" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Mitarbeiter" })).toHaveCount(0);
    await expect(nav(page)).toContainText(`${VERWALTER.name} · Verwalter`);
  });

  test("the Administrator needs the 6-digit code; then sees the administration", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/verwaltung/anmelden");
    await page.getByLabel("E-Mail-Adresse").fill(ADMIN.email);
    await page.getByLabel("Passwort", { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    const code = page.getByLabel("Code aus der Authenticator-App");
    await expect(code).toBeFocused();
    await code.fill("000000");
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await code.fill(await adminTotp());
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Eingang" })).toBeVisible();
    for (const name of ["Mitarbeiter", "Textbausteine", "Protokoll"]) {
      await expect(nav(page).getByRole("link", { name })).toBeVisible();
    }
    await nav(page).getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/verwaltung\/anmelden$/);
    expect(await page.evaluate(() => localStorage.getItem("mieter_portal_staff_token"))).toBeNull();
  });

  test("the Hausmeister sees repairs and appointments only", async ({ page }) => {
    await consoleLogin(page, HAUSMEISTER.email);
    const kinds = page.getByRole("group", { name: "Art" });
    await expect(kinds.getByRole("button", { name: /^Reparatur/ })).toBeVisible();
    await expect(kinds.getByRole("button", { name: /^Terminanfrage/ })).toBeVisible();
    await expect(kinds.getByRole("button", { name: /^Nachricht/ })).toHaveCount(0);
    await expect(kinds.getByRole("button", { name: /^Zählerstand/ })).toHaveCount(0);
    await expect(nav(page).getByRole("link", { name: "Mitarbeiter" })).toHaveCount(0);
    await page.goto("/verwaltung/mitarbeiter");
    await expect(page.getByRole("heading", { level: 1, name: "Kein Zugriff" })).toBeVisible();
  });

  test("a token the server refuses signs out to the login", async ({ page }) => {
    await seedStaffSession(page, "kein.gueltiges.token");
    await page.goto("/verwaltung/mieter");
    await expect(page).toHaveURL(/\/verwaltung\/anmelden/);
    await expect(page.getByText("Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("mieter_portal_staff_token"))).toBeNull();
  });
});

test("the loop: a tenant's repair with a photo is assigned and scheduled; the tenant sees date and note", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tenantToken = await apiLogin(request);
  const description = `Rohrbruch unter der Spüle (${unique()})`;
  const repair = await tenantRepair(request, tenantToken, description);
  const note = `Der Installateur kommt vormittags (${unique()}).`;
  const internal = `Intern: Firma Wasser & Co., Auftrag ${unique()}`;
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(
    new Date(Date.now() + 7 * 86_400_000),
  );

  const staff = await browser.newContext();
  const page = await staff.newPage();
  await consoleLogin(page, VERWALTER.email);
  await page
    .getByRole("group", { name: "Art" })
    .getByRole("button", { name: /^Reparatur/ })
    .click();
  await expect(page).toHaveURL(/art=repair/);
  const link = page.locator(`a[href="/verwaltung/reparaturen/${repair.id}"]`);
  await expect(link).toBeVisible();
  const row = page.getByRole("listitem").filter({ has: link });
  await expect(row).toContainText("Notfall");
  await row.getByRole("combobox").selectOption({ label: `${VERWALTER.name} (ich)` });
  await expect(toasts(page).getByText("Zuständigkeit gespeichert")).toBeVisible();
  await link.click();

  await expect(page.getByText(description)).toBeVisible();
  const photo = page.getByRole("button", { name: "Foto 1 der Reparatur vergrößern" });
  await expect
    .poll(() => photo.locator("img").evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByLabel("Zuständig", { exact: true })).toHaveValue(/.+/);

  await page.getByLabel("Interne Notiz hinzufügen").fill(internal);
  await page.getByRole("button", { name: "Interne Notiz speichern" }).click();
  await expect(page.getByText(internal)).toBeVisible();
  await expect(page.getByText("Intern – für Mieter nicht sichtbar").first()).toBeVisible();

  await page.getByLabel("Neuer Status").selectOption({ label: "Termin geplant" });
  await page.getByLabel("Geplantes Datum").fill(day);
  await page.getByLabel("Zeitfenster (optional)").fill("8–12 Uhr");
  await page.getByLabel("Nachricht an den Mieter (optional)").fill(note);
  await page.getByRole("button", { name: "Status ändern" }).click();
  await expect(toasts(page).getByText("Status gespeichert")).toBeVisible();
  const history = page.getByRole("region", { name: "Verlauf (für den Mieter sichtbar)" });
  await expect(history).toContainText("Termin geplant");
  await expect(history).toContainText(note);
  await staff.close();

  // The tenant, in a browser of their own, sees the new status, the date and the note.
  const tenant = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tenantPage = await tenant.newPage();
  await loginViaUi(tenantPage, DEMO);
  await tenantPage.goto(`/repairs/${repair.id}`);
  await expect(tenantPage.getByText("Termin geplant").first()).toBeVisible();
  await expect(tenantPage.getByText(note)).toBeVisible();
  await expect(tenantPage.getByText(internal)).toHaveCount(0);
  await tenant.close();
  const seen = await apiGet<{ status: string; planned_date: string | null }>(
    request,
    `/tenant/repairs/${repair.id}`,
    tenantToken,
  );
  expect(seen).toMatchObject({ status: "scheduled", planned_date: day });

  // The mail to the tenant carries the note, never the internal one.
  await expect
    .poll(async () => (await mailsTo(DEMO.email)).some((m) => m.includes(note)), { timeout: 15_000 })
    .toBe(true);
  for (const mail of await mailsTo(DEMO.email)) expect(mail).not.toContain(internal);
});

test("a tenant's message is answered with a Textbaustein and shows as unread for the tenant", async ({
  page,
  request,
}) => {
  const tenantToken = await apiLogin(request);
  const subject = `Frage zum Keller (${unique()})`;
  const thread = await tenantMessage(request, tenantToken, subject, "Wo finde ich den Schlüssel zum Kellerraum?");
  await consoleLogin(page, VERWALTER.email);
  await page.goto(`/verwaltung/nachrichten/${thread.id}`);
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText("Wo finde ich den Schlüssel zum Kellerraum?")).toBeVisible();
  await expect(page.getByText(`Wird gesendet als ${VERWALTER.name}`)).toBeVisible();

  const answer = page.getByRole("textbox", { name: "Antwort" });
  await answer.fill("Guten Tag,");
  await page.getByRole("button", { name: "Textbaustein einfügen" }).click();
  const picker = page.getByRole("dialog", { name: "Textbaustein einfügen" });
  const first = picker.getByRole("listitem").first().getByRole("button");
  await expect(first).toBeVisible();
  await first.click();
  await expect(picker).toHaveCount(0);
  const text = await answer.inputValue();
  expect(text.startsWith("Guten Tag,\n\n")).toBe(true);
  expect(text.length).toBeGreaterThan("Guten Tag,\n\n".length);
  await page.getByRole("button", { name: "Antwort senden" }).click();
  await expect(toasts(page).getByText("Antwort gesendet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Als erledigt markieren" })).toHaveCount(0);

  const messages = await apiGet<
    { id: string; subject: string; read_at?: string | null; is_read?: boolean; unread?: boolean }[]
  >(request, "/tenant/messages", tenantToken);
  const answered = await apiGet<{
    messages: { direction: string; sender_name: string; content: string; read_at: string | null }[];
  }>(request, `/tenant/messages/${thread.id}`, tenantToken);
  const reply = answered.messages.find((m) => m.direction === "inbound")!;
  expect(reply.content).toBe(text.trim());
  expect(reply.sender_name).toContain(VERWALTER.name);
  expect(reply.read_at).toBeNull();
  expect(messages.length).toBeGreaterThan(0);
});

test("a message can be marked handled without a reply", async ({ page, request }) => {
  const tenantToken = await apiLogin(request);
  const subject = `Danke (${unique()})`;
  const thread = await tenantMessage(request, tenantToken, subject, "Danke für die schnelle Hilfe!");
  await consoleLogin(page, VERWALTER.email);
  await page.goto(`/verwaltung/nachrichten/${thread.id}`);
  await page.getByRole("button", { name: "Als erledigt markieren" }).click();
  await expect(toasts(page).getByText("Als erledigt markiert")).toBeVisible();
  await expect(page.getByText(/^Erledigt am /)).toBeVisible();
});

test("a tenant's appointment request is accepted inside its slot and shows as 'Bestätigt'", async ({
  page,
  request,
}) => {
  const tenantToken = await apiLogin(request);
  const appointment = await tenantAppointment(request, tenantToken, `Beratung ${unique()}`);
  await consoleLogin(page, VERWALTER.email);
  await page.goto(`/verwaltung/termine/${appointment.id}`);
  await expect(page.getByText("Anfrage des Mieters")).toBeVisible();
  const start = page.getByLabel("Beginn");
  await expect(start.locator("option").first()).toHaveAttribute("value", "12:00");
  await expect(start.locator("option").last()).toHaveAttribute("value", "15:00");
  await start.selectOption("13:30");
  await page.getByLabel("Ort (optional)").fill("Büro Gartenstraße 12");
  await page.getByRole("button", { name: "Termin bestätigen" }).click();
  await expect(toasts(page).getByText("Termin bestätigt")).toBeVisible();
  await expect(page.getByText("Bestätigt").first()).toBeVisible();

  const seen = await apiGet<{ status: string; start_time: string; end_time: string }>(
    request,
    `/tenant/appointments/${appointment.id}`,
    tenantToken,
  );
  expect(seen.status).toBe("confirmed");
  const clock = (iso: string) =>
    new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(
      new Date(iso),
    );
  expect([clock(seen.start_time), clock(seen.end_time)]).toEqual(["13:30", "14:30"]);
});

test("an appointment request can be declined with a reason", async ({ page, request }) => {
  const tenantToken = await apiLogin(request);
  const appointment = await tenantAppointment(request, tenantToken, `Absage ${unique()}`);
  await consoleLogin(page, VERWALTER.email);
  await page.goto(`/verwaltung/termine/${appointment.id}`);
  await page.getByRole("tab", { name: "Ablehnen" }).click();
  await page.getByRole("button", { name: "Anfrage ablehnen" }).click();
  await expect(page.getByLabel("Grund")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Grund").fill("An diesem Tag ist das Büro geschlossen.");
  await page.getByRole("button", { name: "Anfrage ablehnen" }).click();
  await expect(toasts(page).getByText("Terminanfrage abgelehnt")).toBeVisible();
  const seen = await apiGet<{ status: string }>(request, `/tenant/appointments/${appointment.id}`, tenantToken);
  expect(seen.status).toBe("canceled");
});

test("a lower-than-last reading is flagged, and a new reading is asked for with a message", async ({
  page,
  request,
}) => {
  const tenantToken = await apiLogin(request);
  const reading = await tenantLowReading(request, tenantToken);
  await consoleLogin(page, VERWALTER.email);
  await page.goto(`/verwaltung/zaehlerstaende/${reading.id}`);
  const row = page.getByRole("row", { name: /^Wasser/ });
  await expect(row).toContainText("Niedriger als zuletzt");
  await expect(page.getByRole("button", { name: "Foto Zähler Wasser vergrößern" })).toBeVisible();
  await page.getByRole("button", { name: "Neue Ablesung anfordern" }).click();
  await expect(toasts(page).getByText("Neue Ablesung angefordert")).toBeVisible();
  await expect(page.getByText("Der Mieter wurde um eine neue Ablesung gebeten.")).toBeVisible();
});

test("tenant search, the tenant page and 'Neuen Termin vorschlagen'", async ({ page, request }) => {
  const tenantToken = await apiLogin(request);
  const me = await apiGet<{
    id?: string;
    firstName?: string;
    lastName?: string;
    first_name?: string;
    last_name?: string;
  }>(request, "/auth/user", tenantToken);
  const lastName = me.lastName ?? me.last_name ?? "";
  await consoleLogin(page, VERWALTER.email);
  await nav(page).getByRole("link", { name: "Mieter" }).click();
  await page.getByRole("searchbox", { name: "Suche" }).fill(lastName);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(lastName)}`));
  const hit = page
    .getByRole("list", { name: "Mieter" })
    .getByRole("link", { name: new RegExp(lastName) })
    .first();
  await hit.click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(lastName) })).toBeVisible();
  for (const title of ["Mietverhältnis", "Offene Reparaturen", "Termine", "Nachrichten", "Dokumente", "Zählerstände"]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }

  const title = `Rauchmelderprüfung ${unique()}`;
  await page.getByRole("button", { name: "Neuen Termin vorschlagen" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuen Termin vorschlagen" });
  await dialog.getByLabel("Titel (optional)").fill(title);
  await dialog.getByLabel("Beginn").fill("10:00");
  await dialog.getByLabel("Ende").fill("10:30");
  await dialog.getByRole("button", { name: "Termin vorschlagen" }).click();
  await expect(toasts(page).getByText("Termin vorgeschlagen")).toBeVisible();
  const list = await apiGet<{ title: string; status: string; origin?: string }[]>(
    request,
    "/tenant/appointments",
    tenantToken,
  );
  expect(list.find((a) => a.title === title)).toMatchObject({ status: "pending" });
});

test("the Hausmeister's tenant page has no documents and readings", async ({ page, request }) => {
  const token = await staffApiLogin(request, HAUSMEISTER.email);
  const tenants = await apiGet<{ items: { id: string }[] }>(request, "/staff/tenants", token);
  test.skip(tenants.items.length === 0, "no tenant in the Hausmeister's building");
  await seedStaffSession(page, token);
  await page.goto(`/verwaltung/mieter/${tenants.items[0]!.id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Offene Reparaturen" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Dokumente" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Zählerstände" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Neue Nachricht" })).toHaveCount(0);
});

test("profile: the e-mail notification switch is kept on the server", async ({ page, request }) => {
  await consoleLogin(page, VERWALTER.email);
  await nav(page).getByRole("link", { name: "Profil" }).click();
  const toggle = page.getByRole("switch", { name: "E-Mail bei neuen Vorgängen" });
  const before = (await toggle.getAttribute("aria-checked")) === "true";
  await toggle.click();
  await expect(
    toasts(page).getByText(before ? "Benachrichtigungen deaktiviert" : "Benachrichtigungen aktiviert"),
  ).toBeVisible();
  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", String(!before));
  const token = await staffApiLogin(request, VERWALTER.email);
  expect((await apiGet<{ notify_new_items: boolean }>(request, "/staff/auth/me", token)).notify_new_items).toBe(
    !before,
  );
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(before));
});

test.describe("administration", () => {
  test.setTimeout(90_000);

  test("an invited Hausmeister sets a password through the e-mailed link and is signed in", async ({
    page,
    browser,
  }) => {
    const email = `hausmeister-${unique()}@example.com`;
    await consoleLogin(page, ADMIN.email);
    await nav(page).getByRole("link", { name: "Mitarbeiter" }).click();
    await page.getByRole("button", { name: "Mitarbeiter einladen" }).click();
    const dialog = page.getByRole("dialog", { name: "Mitarbeiter einladen" });
    await dialog.getByLabel("E-Mail-Adresse").fill(email);
    await dialog.getByLabel("Name").fill("Paul Neumann");
    await dialog.getByLabel("Rolle").selectOption({ label: "Hausmeister" });
    await dialog.getByRole("button", { name: "Einladung senden" }).click();
    await expect(
      dialog.getByText("Verwalter, Hausmeister und Dienstleister brauchen mindestens ein Gebäude."),
    ).toBeVisible();
    await dialog.getByRole("group", { name: "Gebäude" }).getByRole("checkbox").first().check();
    await dialog.getByRole("button", { name: "Einladung senden" }).click();
    await expect(toasts(page).getByText("Einladung gesendet")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText("Eingeladen");

    let link = "";
    await expect
      .poll(
        async () => {
          for (const mail of await mailsTo(email)) {
            const found = /(https?:\/\/\S+\/verwaltung\/einladung#token=[\w%.-]+)/.exec(mail)?.[1];
            if (found) link = found;
          }
          return link;
        },
        { timeout: 15_000 },
      )
      .not.toBe("");

    const invited = await browser.newContext();
    const invitedPage = await invited.newPage();
    // An older, broken link first; then the mail's link in the same tab (only the fragment changes).
    await invitedPage.goto("/verwaltung/einladung#token=veraltet");
    await expect(invitedPage.getByRole("alert").first()).toBeVisible();
    await invitedPage.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(invitedPage.getByText("Paul Neumann")).toBeVisible();
    await invitedPage.getByLabel("Neues Passwort").fill("ein-gutes-passwort-1");
    await invitedPage.getByLabel("Passwort wiederholen").fill("ein-gutes-passwort-1");
    await invitedPage.getByRole("button", { name: "Passwort festlegen und anmelden" }).click();
    await expect(invitedPage.getByRole("heading", { level: 1, name: "Eingang" })).toBeVisible();
    await expect(nav(invitedPage)).toContainText("Paul Neumann · Hausmeister");
    await invited.close();

    await page.reload();
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Aktiv");
  });

  test("an invited Administrator enrols the second factor from the QR page while accepting", async ({
    page,
    browser,
  }) => {
    const email = `admin-${unique()}@example.com`;
    await consoleLogin(page, ADMIN.email);
    await nav(page).getByRole("link", { name: "Mitarbeiter" }).click();
    await page.getByRole("button", { name: "Mitarbeiter einladen" }).click();
    const dialog = page.getByRole("dialog", { name: "Mitarbeiter einladen" });
    await dialog.getByLabel("E-Mail-Adresse").fill(email);
    await dialog.getByLabel("Name").fill("Greta Admin");
    await dialog.getByLabel("Rolle").selectOption({ label: "Administrator" });
    await dialog.getByRole("button", { name: "Einladung senden" }).click();
    await expect(toasts(page).getByText("Einladung gesendet")).toBeVisible();

    let link = "";
    await expect
      .poll(
        async () => {
          for (const mail of await mailsTo(email)) {
            const found = /(https?:\/\/\S+\/verwaltung\/einladung#token=[\w%.-]+)/.exec(mail)?.[1];
            if (found) link = found;
          }
          return link;
        },
        { timeout: 15_000 },
      )
      .not.toBe("");

    const invited = await browser.newContext();
    const invitedPage = await invited.newPage();
    await invitedPage.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(invitedPage.getByRole("img", { name: "QR-Code für die Authenticator-App" })).toBeVisible();
    const secret = ((await invitedPage.locator("code").textContent()) ?? "").replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await invitedPage.getByLabel("Neues Passwort").fill("ein-gutes-passwort-2");
    await invitedPage.getByLabel("Passwort wiederholen").fill("ein-gutes-passwort-2");
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await invitedPage.getByLabel("Code aus der Authenticator-App").fill(code);
    await invitedPage.getByRole("button", { name: "Passwort festlegen und anmelden" }).click();
    await expect(invitedPage.getByRole("heading", { level: 1, name: "Eingang" })).toBeVisible();
    await expect(nav(invitedPage)).toContainText("Greta Admin · Administrator");
    await invited.close();
  });

  test("Textbausteine are created, used by the picker and deleted; the Protokoll lists the changes", async ({
    page,
  }) => {
    const title = `Öffnungszeiten ${unique()}`;
    await consoleLogin(page, ADMIN.email);
    await nav(page).getByRole("link", { name: "Textbausteine" }).click();
    await page.getByRole("button", { name: "Neuer Textbaustein" }).click();
    const dialog = page.getByRole("dialog", { name: "Neuer Textbaustein" });
    await dialog.getByLabel("Titel").fill(title);
    await dialog.getByLabel("Text", { exact: true }).fill("Unser Büro ist Mo–Fr von 9 bis 17 Uhr für Sie da.");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(toasts(page).getByText("Textbaustein gespeichert")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();

    await nav(page).getByRole("link", { name: "Protokoll" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Protokoll" })).toBeVisible();
    // Each entry says in German what was done; the action filter offers the same words.
    await expect(
      page.getByRole("listitem").filter({ hasText: ADMIN.name }).filter({ hasText: "Textbaustein angelegt" }).first(),
    ).toBeVisible();
    await page.getByLabel("Aktion").selectOption({ label: "Textbaustein angelegt" });
    await expect(page).toHaveURL(/action=canned_reply\.created/);
    await expect(page.getByRole("listitem").filter({ hasText: "Textbaustein angelegt" }).first()).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Textbaustein gelöscht" })).toHaveCount(0);

    await nav(page).getByRole("link", { name: "Textbausteine" }).click();
    await page.getByRole("button", { name: `„${title}“ löschen` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
    await expect(toasts(page).getByText("Textbaustein gelöscht")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: title })).toHaveCount(0);
  });
});

test("the console is its own app: /verwaltung deep links load it, the tenant app stays at /", async ({
  page,
  request,
}) => {
  const res = await request.get("/verwaltung/mieter/irgendwer");
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain("Die Verwaltung");
  const tenantIndex = await (await request.get("/")).text();
  expect(tenantIndex).not.toContain("Die Verwaltung");
  const headers = apiHeaders(await staffApiLogin(request, VERWALTER.email));
  expect((await request.get("/api/v1/tenant/repairs", { headers })).status()).toBe(401);
  await page.goto("/verwaltung");
  await expect(page).toHaveURL(/\/verwaltung\/anmelden/);
});
