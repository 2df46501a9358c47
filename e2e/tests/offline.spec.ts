import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { appointmentDay } from "../berlin-dates";
import { apiGet, apiHeaders, apiLogin, expect, loginViaUi, NEIGHBOUR, proposeAsStaff, test, toasts } from "../fixtures";
import { createPng } from "../sample-files";

/**
 * Offline queue and synchronisation against the real server (issue 5). Every test checks what the
 * server holds through the API. The service worker is kept out of the way: these tests are about
 * the queue, the PWA spec covers starting offline from the service worker.
 */
test.use({ serviceWorkers: "block" });

interface Repair {
  id: string;
  description: string;
  reported_at: string;
  photos: { filename: string; file_type: string; url: string }[];
}
interface MeterReading {
  id: string;
  water_reading: number | null;
}
interface TenantDocument {
  id: string;
  title: string;
  is_tenant_uploaded: boolean;
}
interface Appointment {
  id: string;
  status: string;
  title: string;
}

const REPAIRS_PATH = "/api/v1/tenant/repairs";
const ONLINE_TOGGLE = "Online-Modus aktiv (klicken zum Aktivieren des Offline-Modus)";
const OFFLINE_TOGGLE = "Offline-Modus aktiv (klicken zum Deaktivieren)";

function tag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function makePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes[0]).toBe(0xff);
  expect(bytes[1]).toBe(0xd8);
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error("kein JPEG-Marker");
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error("JPEG ohne Größenangabe");
}

function isRepairPost(request: Request): boolean {
  return request.method() === "POST" && new URL(request.url()).pathname === REPAIRS_PATH;
}

async function signIn(page: Page) {
  await loginViaUi(page, NEIGHBOUR);
}

/** Opens a screen through the app (no reload, which offline would not survive without the service worker). */
async function openTab(page: Page, name: "Home" | "Dokumente" | "Reparaturen" | "Nachrichten") {
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
}

async function openMore(page: Page, name: "Zählerstände" | "Termine") {
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("button", { name: "Mehr" }).click();
  await page.getByRole("dialog", { name: "Mehr" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function setManualOffline(page: Page, offline: boolean) {
  await page.getByRole("button", { name: offline ? ONLINE_TOGGLE : OFFLINE_TOGGLE }).click();
  await expect(page.getByRole("button", { name: offline ? OFFLINE_TOGGLE : ONLINE_TOGGLE })).toBeVisible();
}

async function openDetails(page: Page) {
  await page.getByTestId("details-button").click();
  const dialog = page.getByRole("dialog", { name: "Verbindungsdetails" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDetails(page: Page) {
  await page.getByRole("dialog", { name: "Verbindungsdetails" }).getByRole("button", { name: "Schließen" }).click();
  await expect(page.getByRole("dialog", { name: "Verbindungsdetails" })).toHaveCount(0);
}

async function reportRepair(page: Page, description: string) {
  const form = page.getByRole("region", { name: "Neue Reparatur melden" });
  await form.getByLabel("Art der Reparatur").selectOption({ label: "Sonstiges" });
  await form.getByLabel("Ort in der Wohnung").selectOption({ label: "Flur" });
  await form.getByLabel("Beschreibung").fill(description);
  await form.getByRole("button", { name: "Reparatur melden" }).click();
  await expect(form.getByLabel("Beschreibung")).toHaveValue("");
}

async function repairsWith(request: APIRequestContext, token: string, marker: string): Promise<Repair[]> {
  const all = await apiGet<Repair[]>(request, "/tenant/repairs", token);
  return all.filter((r) => r.description.includes(marker));
}

test("offline repair (with a large photo), meter reading and upload survive a reload and reach the server exactly once", async ({
  page,
  context,
  request,
}) => {
  const token = await apiLogin(request, NEIGHBOUR);
  const marker = tag();
  const description = `Offline gemeldet: Flurlicht flackert (${marker})`;
  // Three decimals, the last one never 0, so the list shows exactly what was typed.
  let fraction = 101 + (Date.now() % 898);
  if (fraction % 10 === 0) fraction += 1;
  const water = Number(`${700 + Math.floor(Math.random() * 200)}.${fraction}`);
  const waterText = water.toLocaleString("de-DE", { minimumFractionDigits: 3 });
  const docName = `Offline-Nachweis-${marker}.pdf`;

  await signIn(page);
  // Load every screen's code while online (without the service worker nothing loads offline).
  await openMore(page, "Zählerstände");
  await openTab(page, "Dokumente");
  await openTab(page, "Reparaturen");

  // Offline by the toggle and by a cut network.
  await setManualOffline(page, true);
  await context.setOffline(true);

  // Repair with a 3000 × 2000 photo: resized on the device before it is queued.
  const form = page.getByRole("region", { name: "Neue Reparatur melden" });
  await expect(form.getByText("Sie sind offline.", { exact: false })).toBeVisible();
  const photos = form.getByRole("group", { name: "Fotos (optional)" });
  const chooser = page.waitForEvent("filechooser");
  await photos.getByRole("button", { name: /auswählen/ }).click();
  await (await chooser).setFiles({ name: "flur.png", mimeType: "image/png", buffer: createPng(3000, 2000) });
  await expect(photos.getByRole("img")).toHaveCount(1);
  await reportRepair(page, description);
  await expect(toasts(page).getByText("Offline gespeichert")).toBeVisible();
  const pendingRepairs = page.getByRole("list", { name: "Wartet auf Synchronisierung" });
  await expect(pendingRepairs.getByText(description)).toBeVisible();
  await expect(pendingRepairs.getByText("wartet auf Synchronisierung")).toBeVisible();

  // Meter reading.
  await openMore(page, "Zählerstände");
  await page.getByLabel("Wasser (m³)").fill(waterText);
  await page.getByRole("button", { name: "Zählerstände senden" }).click();
  await expect(page.getByLabel("Wasser (m³)")).toHaveValue("");
  const pendingMeter = page.getByRole("list", { name: "Wartet auf Synchronisierung" });
  await expect(pendingMeter.getByText("Zählerstände", { exact: true })).toBeVisible();
  await expect(pendingMeter.getByText(`Wasser ${waterText} m³`)).toBeVisible();

  // Document upload (a file, kept as bytes in IndexedDB).
  await openTab(page, "Dokumente");
  await page.getByTestId("document-upload-input").setInputFiles({
    name: docName,
    mimeType: "application/pdf",
    buffer: makePdf(`Offline ${marker}`),
  });
  const mine = page.getByTestId("document-section-mine");
  await expect(mine.getByRole("list", { name: "Wartet auf Synchronisierung" }).getByText(docName)).toBeVisible();

  let details = await openDetails(page);
  await expect(details.getByTestId("queue-entry")).toHaveCount(3);
  await expect(details.getByTestId("sync-queue-length")).toHaveText("3");
  await closeDetails(page);
  await expect(page.getByTestId("details-button")).toHaveAccessibleName("Verbindungsdetails (3 nicht synchronisiert)");

  // Network back, but the app stays offline by the toggle: reload.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dokumente" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: OFFLINE_TOGGLE })).toBeVisible();
  await expect(
    page
      .getByTestId("document-section-mine")
      .getByRole("list", { name: "Wartet auf Synchronisierung" })
      .getByText(docName),
  ).toBeVisible();
  details = await openDetails(page);
  await expect(details.getByTestId("queue-entry")).toHaveCount(3);
  await closeDetails(page);
  // Nothing reached the server yet.
  expect(await repairsWith(request, token, marker)).toHaveLength(0);

  // Online: after 2 s the queue is sent, each change exactly once.
  await setManualOffline(page, false);
  await expect(toasts(page).getByText("Synchronisierung abgeschlossen")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("details-badge")).toHaveCount(0);

  const repairs = await repairsWith(request, token, marker);
  expect(repairs).toHaveLength(1);
  expect(repairs[0]!.photos).toHaveLength(1);
  expect(repairs[0]!.photos[0]).toMatchObject({ filename: "flur.jpg", file_type: "image/jpeg" });
  const photo = await request.get(repairs[0]!.photos[0]!.url, { headers: apiHeaders(token) });
  expect(photo.status()).toBe(200);
  expect(jpegSize(Buffer.from(await photo.body()))).toEqual({ width: 2048, height: 1365 });

  const readings = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  expect(readings.filter((r) => r.water_reading === water)).toHaveLength(1);
  const documents = await apiGet<TenantDocument[]>(request, "/tenant/documents", token);
  expect(documents.filter((d) => d.title === docName)).toHaveLength(1);

  await expect(
    page.getByTestId("document-section-mine").getByRole("list", { name: "Wartet auf Synchronisierung" }),
  ).toHaveCount(0);
  await expect(page.getByTestId("document-section-mine").getByText(docName)).toBeVisible();
  details = await openDetails(page);
  await expect(details.getByText("Alle Änderungen sind synchronisiert.")).toBeVisible();
  await expect(details.getByTestId("sync-last")).not.toHaveText("Noch nie");
});

test("an answer lost after the server stored the change is replayed with its key and creates nothing new", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, NEIGHBOUR);
  const marker = tag();
  await signIn(page);
  await openTab(page, "Reparaturen");

  const posts: Request[] = [];
  page.on("request", (r) => {
    if (isRepairPost(r)) posts.push(r);
  });
  let dropped = false;
  await page.route(`**${REPAIRS_PATH}`, async (route) => {
    if (route.request().method() !== "POST" || dropped) return route.continue();
    dropped = true;
    // The server stores the repair, but its answer never arrives.
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    await route.abort("connectionreset");
  });

  const replayed = page.waitForResponse(
    (r) => isRepairPost(r.request()) && r.headers()["idempotent-replayed"] === "true",
  );
  await reportRepair(page, `Antwort verloren (${marker})`);
  const replay = await replayed;
  expect(replay.status()).toBe(201);
  await expect(toasts(page).getByText("Synchronisierung abgeschlossen")).toBeVisible();

  expect(posts).toHaveLength(2);
  const keys = posts.map((r) => r.headers()["idempotency-key"]);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
  expect(await repairsWith(request, token, marker)).toHaveLength(1);
  await expect(page.getByRole("list", { name: "Wartet auf Synchronisierung" })).toHaveCount(0);
});

test("a connection dropped after 2 of 5 changes: the rest arrive later, in the order they were made", async ({
  page,
  context,
  request,
}) => {
  const token = await apiLogin(request, NEIGHBOUR);
  const marker = tag();
  await signIn(page);
  await openTab(page, "Reparaturen");
  await setManualOffline(page, true);
  for (const n of [1, 2, 3, 4, 5]) await reportRepair(page, `Eintrag ${n} (${marker})`);
  await expect(page.getByRole("list", { name: "Wartet auf Synchronisierung" }).getByRole("listitem")).toHaveCount(5);

  let seen = 0;
  await page.route(`**${REPAIRS_PATH}`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    seen += 1;
    if (seen < 3) return route.continue();
    // The third request goes nowhere: the network is gone.
    await context.setOffline(true);
    return route.abort("internetdisconnected");
  });

  await setManualOffline(page, false);
  await expect(toasts(page).getByText("Synchronisierung unterbrochen")).toBeVisible({ timeout: 15_000 });
  await expect(
    toasts(page).getByText("Internetverbindung verloren. 2 von 5 Änderungen wurden übertragen."),
  ).toBeVisible();
  const firstTwo = await repairsWith(request, token, marker);
  expect(firstTwo.map((r) => r.description)).toEqual(
    expect.arrayContaining([`Eintrag 1 (${marker})`, `Eintrag 2 (${marker})`]),
  );
  expect(firstTwo).toHaveLength(2);
  await expect(page.getByRole("list", { name: "Wartet auf Synchronisierung" }).getByRole("listitem")).toHaveCount(3);

  await page.unroute(`**${REPAIRS_PATH}`);
  await context.setOffline(false);
  await expect(toasts(page).getByText("Synchronisierung abgeschlossen")).toBeVisible({ timeout: 15_000 });
  const all = await repairsWith(request, token, marker);
  expect(all).toHaveLength(5);
  const inServerOrder = [...all].sort((a, b) => Date.parse(a.reported_at) - Date.parse(b.reported_at));
  expect(inServerOrder.map((r) => r.description)).toEqual([1, 2, 3, 4, 5].map((n) => `Eintrag ${n} (${marker})`));
});

test("offline confirm, then 'Verschieben' (cancel) of one appointment: sent in that order, final state canceled", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, NEIGHBOUR);
  // Only a proposal of the management can be confirmed (the tenant's own request waits for it).
  const day = appointmentDay(9);
  const id = await proposeAsStaff(request, token, {
    type: "consultation",
    title: `Offline-Test ${tag()}`,
    start: `${day}T08:00:00.000Z`,
    end: `${day}T09:00:00.000Z`,
  });
  const appointment = await apiGet<Appointment>(request, `/tenant/appointments/${id}`, token);
  expect(appointment.status).toBe("pending");

  await signIn(page);
  await openMore(page, "Termine");
  await page.goto(`/appointments/${appointment.id}`);
  const card = page.getByRole("region", { name: appointment.title });
  await expect(card.getByRole("button", { name: "Bestätigen" })).toBeVisible({ timeout: 10_000 });

  const statusAnswers: { status: number; sent: string }[] = [];
  page.on("response", async (response) => {
    if (response.request().method() === "PATCH" && response.url().endsWith(`/appointments/${appointment.id}/status`)) {
      statusAnswers.push({ status: response.status(), sent: JSON.parse(response.request().postData() ?? "{}").status });
    }
  });

  await setManualOffline(page, true);
  await card.getByRole("button", { name: "Bestätigen" }).click();
  await expect(toasts(page).getByText("Offline gespeichert")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Wartet auf Synchronisierung" }).getByText("Termin bestätigen"),
  ).toBeVisible();
  await card.getByRole("button", { name: "Verschieben" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Absagen und neu anfragen" }).click();
  await expect(page).toHaveURL(/\/appointments\?/);
  const pending = page.getByRole("list", { name: "Wartet auf Synchronisierung" });
  await expect(pending.getByRole("listitem")).toHaveCount(2);
  await expect(pending.getByRole("listitem").nth(0)).toContainText("Termin bestätigen");
  await expect(pending.getByRole("listitem").nth(1)).toContainText("Termin absagen");
  expect((await apiGet<Appointment>(request, `/tenant/appointments/${appointment.id}`, token)).status).toBe("pending");

  await setManualOffline(page, false);
  await expect(toasts(page).getByText("Synchronisierung abgeschlossen")).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => statusAnswers.length).toBe(2);
  // Confirm went first and was accepted; the cancel after it too.
  expect(statusAnswers).toEqual([
    { status: 200, sent: "confirmed" },
    { status: 200, sent: "canceled" },
  ]);
  expect((await apiGet<Appointment>(request, `/tenant/appointments/${appointment.id}`, token)).status).toBe("canceled");
});

test("a change the server fails three times (500) stays in the queue with its error, then goes through once", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, NEIGHBOUR);
  const marker = tag();
  await signIn(page);
  await openTab(page, "Reparaturen");

  let failures = 0;
  await page.route(`**${REPAIRS_PATH}`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    failures += 1;
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: "internal_error", message: "Interner Serverfehler" }),
    });
  });

  await setManualOffline(page, true);
  await reportRepair(page, `Serverfehler (${marker})`);
  await setManualOffline(page, false);
  await expect(toasts(page).getByText("Synchronisierungsfehler")).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => failures).toBe(1);

  const details = await openDetails(page);
  const entry = details.getByTestId("queue-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Reparaturmeldung");
  await expect(entry).toContainText(`Serverfehler (${marker})`);
  await expect(entry.getByTestId("queue-entry-error")).toHaveText("Fehler: Interner Serverfehler");
  await expect(entry).toContainText("1 Versuch");
  const retry = entry.getByRole("button", { name: "Reparaturmeldung: erneut versuchen" });
  await retry.click();
  await expect(entry).toContainText("2 Versuche");
  await retry.click();
  await expect(entry).toContainText("3 Versuche");
  expect(failures).toBe(3);
  // Still kept, still shown with its error; nothing on the server.
  await expect(entry.getByTestId("queue-entry-error")).toHaveText("Fehler: Interner Serverfehler");
  expect(await repairsWith(request, token, marker)).toHaveLength(0);

  await page.unroute(`**${REPAIRS_PATH}`);
  await retry.click();
  await expect(details.getByText("Alle Änderungen sind synchronisiert.")).toBeVisible();
  expect(await repairsWith(request, token, marker)).toHaveLength(1);
});

test("two tabs: only one of them synchronises the queue", async ({ context, request }) => {
  const token = await apiLogin(request, NEIGHBOUR);
  const marker = tag();
  const first = await context.newPage();
  const second = await context.newPage();
  await signIn(first);
  await openTab(first, "Reparaturen");
  // Same browser, same session: the second tab starts signed in.
  await second.goto("/repairs");
  await expect(second.getByRole("heading", { level: 1, name: "Reparaturen" })).toBeVisible({ timeout: 15_000 });

  const sentBy = { first: 0, second: 0 };
  first.on("request", (r) => {
    if (isRepairPost(r)) sentBy.first += 1;
  });
  second.on("request", (r) => {
    if (isRepairPost(r)) sentBy.second += 1;
  });

  await context.setOffline(true);
  for (const n of [1, 2, 3]) await reportRepair(first, `Zwei Tabs ${n} (${marker})`);
  // The other tab sees the queued changes too.
  await expect(second.getByRole("list", { name: "Wartet auf Synchronisierung" }).getByRole("listitem")).toHaveCount(3);

  // Both tabs come back online at the same moment and both try after 2 s.
  await context.setOffline(false);
  await expect.poll(async () => (await repairsWith(request, token, marker)).length, { timeout: 15_000 }).toBe(3);
  await expect(first.getByRole("list", { name: "Wartet auf Synchronisierung" })).toHaveCount(0);
  await expect(second.getByRole("list", { name: "Wartet auf Synchronisierung" })).toHaveCount(0);
  expect(sentBy.first + sentBy.second).toBe(3);
  expect(await repairsWith(request, token, marker)).toHaveLength(3);
});

test("logging out with unsynced changes asks first and says how many would be lost", async ({ page }) => {
  await signIn(page);
  await openTab(page, "Reparaturen");
  await setManualOffline(page, true);
  const marker = tag();
  await reportRepair(page, `Abmelden A (${marker})`);
  await reportRepair(page, `Abmelden B (${marker})`);

  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await nav.getByRole("button", { name: "Mehr" }).click();
  await page.getByRole("dialog", { name: "Mehr" }).getByRole("button", { name: "Abmelden" }).click();
  const ask = page.getByRole("alertdialog", { name: "Nicht synchronisierte Änderungen" });
  await expect(ask).toContainText(
    "2 Änderungen wurden noch nicht an den Server übertragen. Wenn Sie sich jetzt abmelden, gehen sie verloren.",
  );
  await ask.getByRole("button", { name: "Abbrechen" }).click();
  await expect(page).toHaveURL(/\/repairs$/);
  await expect(page.getByRole("list", { name: "Wartet auf Synchronisierung" }).getByRole("listitem")).toHaveCount(2);

  // The profile sheet asks the same.
  await page.getByRole("button", { name: /^Profil/ }).click();
  await page.getByRole("dialog", { name: "Mein Profil" }).getByRole("button", { name: "Abmelden" }).click();
  await ask.getByRole("button", { name: "Trotzdem abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Signed in again, nothing is left of them.
  await page.getByLabel("E-Mail Adresse").fill(NEIGHBOUR.email);
  await page.getByLabel("Passwort", { exact: true }).fill(NEIGHBOUR.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  const details = await openDetails(page);
  await expect(details.getByText("Alle Änderungen sind synchronisiert.")).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  test(`the details with queued and failed changes have no WCAG 2.1 AA violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page);
    await openTab(page, "Reparaturen");
    await page.route(`**${REPAIRS_PATH}`, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 422,
            contentType: "application/json",
            body: JSON.stringify({ error: "validation_failed", message: "Die Beschreibung ist unvollständig." }),
          })
        : route.continue(),
    );
    await setManualOffline(page, true);
    const marker = tag();
    await reportRepair(page, `Barrierefrei 1 (${marker})`);
    await setManualOffline(page, false);
    await expect(toasts(page).getByText("Synchronisierungsfehler")).toBeVisible({ timeout: 15_000 });
    await setManualOffline(page, true);
    await reportRepair(page, `Barrierefrei 2 (${marker})`);
    await expect(page.getByRole("list", { name: "Wartet auf Synchronisierung" }).getByRole("listitem")).toHaveCount(2);
    // Not hovering a button (its hover colour is the form's business, not the queue's).
    await page.mouse.move(0, 0);
    const list = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(list.violations).toEqual([]);

    const details = await openDetails(page);
    await expect(details.getByTestId("queue-entry")).toHaveCount(2);
    await expect(details.locator('[data-status="failed"]')).toContainText("Die Beschreibung ist unvollständig.");
    const dialog = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(dialog.violations).toEqual([]);
    // Leave nothing behind for other tests. Each discard is awaited before the next, so the loop
    // never reaches for a button whose entry is just being removed.
    const discard = details.getByRole("button", { name: /verwerfen/ });
    await expect(discard).toHaveCount(2);
    for (let left = 2; left > 0; left -= 1) {
      await discard.first().click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Verwerfen" }).click();
      await expect(discard).toHaveCount(left - 1);
    }
    await expect(details.getByText("Alle Änderungen sind synchronisiert.")).toBeVisible();
  });
}
