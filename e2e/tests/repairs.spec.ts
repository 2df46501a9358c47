import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { longDate } from "../berlin-format";
import { apiGet, apiHeaders, apiLogin, expect, loginViaUi, test, toasts, waitForAnimationsSettled } from "../fixtures";
import { createPng } from "../sample-files";

interface PhotoInfo {
  id: string;
  filename: string;
  file_type: string;
  file_size: number;
  url: string;
}
interface Repair {
  id: string;
  type: string;
  location: string;
  description: string;
  urgency: string;
  status: string;
  reported_at: string;
  planned_date: string | null;
  photos: PhotoInfo[];
  history: { status: string; changed_at: string; actor: string; actor_name: string; note: string | null }[];
}

const STATUS_LABEL: Record<string, string> = {
  reported: "Gemeldet",
  confirmed: "Bestätigt",
  scheduled: "Termin geplant",
  in_progress: "In Bearbeitung",
  completed: "Abgeschlossen",
  canceled: "Storniert",
};
const TYPE_LABEL: Record<string, string> = {
  plumbing: "Sanitär (Wasser, Abfluss)",
  electrical: "Elektrik",
  heating: "Heizung",
  "door-window": "Tür oder Fenster",
  appliance: "Haushaltsgerät",
  other: "Sonstiges",
};
const LOCATION_LABEL: Record<string, string> = {
  kitchen: "Küche",
  bathroom: "Badezimmer",
  "living-room": "Wohnzimmer",
  bedroom: "Schlafzimmer",
  hallway: "Flur",
  balcony: "Balkon",
  other: "Sonstiges",
};

function shortDate(value: string): string {
  return new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date(value));
}

async function openRepairs(page: Page) {
  await loginViaUi(page);
  await page.goto("/repairs");
  await expect(page.getByRole("heading", { level: 1, name: "Reparaturen" })).toBeVisible();
  await expect(page.getByText("Reparaturen werden geladen...")).toHaveCount(0);
}

test("a repair with 3 photos from disk reaches the server and opens with its photos", async ({ page, request }) => {
  const token = await apiLogin(request);
  const before = await apiGet<Repair[]>(request, "/tenant/repairs", token);
  const description = `Der Abfluss der Küchenspüle ist verstopft (${Date.now()}).`;

  await openRepairs(page);
  const form = page.getByRole("region", { name: "Neue Reparatur melden" });
  await form.getByLabel("Art der Reparatur").selectOption({ label: "Sanitär (Wasser, Abfluss)" });
  await form.getByLabel("Ort in der Wohnung").selectOption({ label: "Küche" });
  await form.getByLabel("Beschreibung").fill(description);
  await expect(form.getByRole("radio", { name: "Normal" })).toBeChecked();
  await form.getByRole("radio", { name: "Dringend" }).check();

  const photos = form.getByRole("group", { name: "Fotos (optional)" });
  await expect(photos.getByTestId("photo-counter")).toContainText("0/3");
  const chooser = page.waitForEvent("filechooser");
  await photos.getByRole("button", { name: "Fotos (optional): Fotos auswählen" }).click();
  await (await chooser).setFiles([
    { name: "spuele-1.png", mimeType: "image/png", buffer: createPng(640, 480, 40) },
    { name: "spuele-2.png", mimeType: "image/png", buffer: createPng(480, 640, 120) },
    { name: "spuele-3.png", mimeType: "image/png", buffer: createPng(2600, 1300, 220) },
  ]);
  await expect(photos.getByRole("img")).toHaveCount(3);
  await expect(photos.getByTestId("photo-counter")).toContainText("3/3");
  // Full: no more buttons to add; removing one frees a place again.
  await expect(photos.getByRole("button", { name: /auswählen/ })).toHaveCount(0);
  await photos.getByRole("button", { name: "Foto 3 entfernen (spuele-3.jpg)" }).click();
  await expect(photos.getByTestId("photo-counter")).toContainText("2/3");
  const again = page.waitForEvent("filechooser");
  await photos.getByRole("button", { name: "Fotos (optional): Foto auswählen" }).click();
  await (await again).setFiles({ name: "spuele-3.png", mimeType: "image/png", buffer: createPng(2600, 1300, 220) });
  await expect(photos.getByTestId("photo-counter")).toContainText("3/3");

  await form.getByRole("button", { name: "Reparatur melden" }).click();
  await expect(toasts(page).getByText("Reparatur gemeldet")).toBeVisible();
  await expect(form.getByLabel("Beschreibung")).toHaveValue("");
  await expect(photos.getByTestId("photo-counter")).toContainText("0/3");
  await expect(form.getByRole("radio", { name: "Normal" })).toBeChecked();

  // The server holds it with 3 JPEG photos (re-encoded on the device).
  const after = await apiGet<Repair[]>(request, "/tenant/repairs", token);
  expect(after).toHaveLength(before.length + 1);
  const created = after.find((r) => r.description === description)!;
  expect(created).toMatchObject({ type: "plumbing", location: "kitchen", urgency: "high", status: "reported" });
  expect(created.photos.map((p) => [p.filename, p.file_type])).toEqual([
    ["spuele-1.jpg", "image/jpeg"],
    ["spuele-2.jpg", "image/jpeg"],
    ["spuele-3.jpg", "image/jpeg"],
  ]);

  // It is listed first under the current repairs, and opens its detail.
  const current = page.getByRole("region", { name: "Aktuelle Reparaturen" });
  const item = current.getByTestId("repair-item").first();
  await expect(item).toContainText("Sanitär (Wasser, Abfluss) – Küche");
  await expect(item).toContainText(`Gemeldet am ${shortDate(created.reported_at)}`);
  await expect(item).toContainText("3 Fotos");
  await expect(item.getByTestId("repair-status")).toHaveText("Gemeldet");
  await item.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/repairs/${created.id}$`));
  await expect(page.getByTestId("header-title")).toHaveText("Reparatur");

  const detail = await apiGet<Repair>(request, `/tenant/repairs/${created.id}`, token);
  expect(detail.photos).toHaveLength(3);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sanitär (Wasser, Abfluss) – Küche");
  await expect(page.getByTestId("repair-description")).toHaveText(description);
  const shown = page.getByTestId("repair-photos").getByRole("img");
  await expect(shown).toHaveCount(3);
  for (const [i, photo] of detail.photos.entries()) {
    const img = page.getByRole("img", { name: `Foto ${i + 1}: ${photo.filename}` });
    await expect(img).toBeVisible();
    // Loaded through the authorised endpoint: the image decodes.
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const res = await request.get(photo.url, { headers: apiHeaders(token) });
    expect(res.status()).toBe(200);
  }
  // The largest photo was shrunk to 2048 px on the long side before it was sent.
  await expect.poll(() => shown.nth(2).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(2048);
  const history = page.getByTestId("repair-history").getByRole("listitem");
  await expect(history).toHaveCount(detail.history.length);
  await expect(history.first()).toContainText("Gemeldet");
  await expect(history.first()).toContainText(`${detail.history[0]!.actor_name} (Sie)`);

  // A photo opens large.
  await page.getByRole("button", { name: `Vergrößern: Foto 1: ${detail.photos[0]!.filename}` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("button", { name: "Schließen" }).click();
});

test("missing required fields show 'Fehlende Angaben' and send nothing", async ({ page, request }) => {
  const token = await apiLogin(request);
  const before = await apiGet<Repair[]>(request, "/tenant/repairs", token);
  await openRepairs(page);
  const form = page.getByRole("region", { name: "Neue Reparatur melden" });
  await form.getByLabel("Beschreibung").fill("   ");
  await form.getByRole("button", { name: "Reparatur melden" }).click();
  await expect(toasts(page).getByText("Fehlende Angaben")).toBeVisible();
  await expect(toasts(page).getByText("Bitte füllen Sie alle Pflichtfelder aus.")).toBeVisible();
  await expect(form.getByLabel("Art der Reparatur")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Beschreibung")).toHaveAttribute("aria-invalid", "true");
  const after = await apiGet<Repair[]>(request, "/tenant/repairs", token);
  expect(after).toHaveLength(before.length);
});

test("the lists show the server's repairs with German status, reported and planned dates", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const repairs = await apiGet<Repair[]>(request, "/tenant/repairs", token);
  await openRepairs(page);
  const closed = ["completed", "canceled"];
  for (const [region, list] of [
    ["Aktuelle Reparaturen", repairs.filter((r) => !closed.includes(r.status))],
    ["Abgeschlossene Reparaturen", repairs.filter((r) => closed.includes(r.status))],
  ] as const) {
    const items = page.getByRole("region", { name: region }).getByTestId("repair-item");
    await expect(items).toHaveCount(list.length);
    for (const [i, repair] of list.entries()) {
      const item = items.nth(i);
      await expect(item).toContainText(`${TYPE_LABEL[repair.type]} – ${LOCATION_LABEL[repair.location]}`);
      await expect(item.getByTestId("repair-status")).toHaveText(STATUS_LABEL[repair.status]!);
      await expect(item).toContainText(`Gemeldet am ${shortDate(repair.reported_at)}`);
      if (repair.planned_date) {
        await expect(item.getByTestId("repair-planned")).toHaveText(`Geplant: ${longDate(repair.planned_date)}`);
      } else {
        await expect(item.getByTestId("repair-planned")).toHaveCount(0);
      }
    }
  }
});

test("the detail shows the status history: who acted and when", async ({ page, request }) => {
  const token = await apiLogin(request);
  const repairs = await apiGet<Repair[]>(request, "/tenant/repairs", token);
  const longest = [...repairs].sort((a, b) => b.history.length - a.history.length)[0]!;
  await loginViaUi(page);
  await page.goto(`/repairs/${longest.id}`);
  const entries = page.getByTestId("repair-history").getByRole("listitem");
  await expect(entries).toHaveCount(longest.history.length);
  const actorLabel: Record<string, string> = { tenant: "Sie", staff: "Hausverwaltung", system: "System" };
  for (const [i, entry] of longest.history.entries()) {
    await expect(entries.nth(i)).toContainText(STATUS_LABEL[entry.status]!);
    await expect(entries.nth(i)).toContainText(`${shortDate(entry.changed_at)}, `);
    // Staff sign with "Name, Firma" (issue 25 item 6): no "(Hausverwaltung)" after the signature.
    const actor = entry.actor === "staff" ? entry.actor_name : `${entry.actor_name} (${actorLabel[entry.actor]})`;
    await expect(entries.nth(i)).toContainText(actor);
    if (entry.actor === "staff") await expect(entries.nth(i)).not.toContainText("(Hausverwaltung)");
    if (entry.note) await expect(entries.nth(i)).toContainText(entry.note);
  }
  await page.getByRole("link", { name: "Zurück zu den Reparaturen" }).click();
  await expect(page).toHaveURL(/\/repairs$/);
});

test("an unknown repair says so", async ({ page }) => {
  await loginViaUi(page);
  await page.goto("/repairs/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("alert")).toHaveText("Diese Reparatur wurde nicht gefunden.");
});

test("'Notfall' offers the emergency hotline from the brand config as a call button", async ({ page, request }) => {
  const config = (await (await request.get("/api/v1/config", { headers: apiHeaders() })).json()) as {
    brand: { emergencyHotline: string };
  };
  await openRepairs(page);
  await expect(page.getByRole("link", { name: /Notdienst anrufen/ })).toHaveCount(0);
  await page.getByRole("radio", { name: "Notfall" }).check();
  const call = page.getByRole("link", { name: `Notdienst anrufen: ${config.brand.emergencyHotline}` });
  await expect(call).toBeVisible();
  const digits = config.brand.emergencyHotline.replace(/[^\d+]/g, "");
  await expect(call).toHaveAttribute("href", `tel:${digits}`);
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    async function scan(page: Page) {
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      // Let page transitions settle so colours are measured at full opacity.
      await waitForAnimationsSettled(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(summary).toEqual([]);
    }

    test("/repairs has no WCAG 2.1 AA violations, emergency box and errors included", async ({ page }) => {
      await openRepairs(page);
      await page.getByRole("radio", { name: "Notfall" }).check();
      await page.getByRole("button", { name: "Reparatur melden" }).click();
      await expect(page.getByText("Bitte beschreiben Sie den Schaden.")).toBeVisible();
      await page.getByRole("button", { name: "Hinweis schließen" }).click();
      await scan(page);
    });

    test("a repair's detail has no WCAG 2.1 AA violations", async ({ page }) => {
      await openRepairs(page);
      await page.getByTestId("repair-item").first().getByRole("link").click();
      await expect(page.getByTestId("repair-history")).toBeVisible();
      await scan(page);
    });
  });
}
