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
  meter: "water" | "electricity" | "heating";
}
interface MeterReading {
  id: string;
  reading_date: string;
  submitted_at: string;
  water_reading: number | null;
  electricity_reading: number | null;
  heating_reading: number | null;
  photos: PhotoInfo[];
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function berlinToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
}

function german(value: number): string {
  return new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 }).format(value);
}

async function openMeterReadings(page: Page) {
  await loginViaUi(page);
  await page.goto("/meter-readings");
  await expect(page.getByRole("heading", { level: 1, name: "Zählerstände" })).toBeVisible();
  await expect(page.getByText("Zählerstände werden geladen...")).toHaveCount(0);
}

test("meter readings with a photo from disk reach the server and the history", async ({ page, request }) => {
  const token = await apiLogin(request);
  const before = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  const last = before.find((r) => r.water_reading !== null && r.electricity_reading !== null)!;
  // Plausible rises, typed the German way (decimal comma, dots between thousands).
  const water = Math.round((last.water_reading! + 1.234) * 1000) / 1000;
  const electricity = Math.round((last.electricity_reading! + 12.5) * 10) / 10;

  await openMeterReadings(page);
  await expect(page.getByLabel("Ablesedatum")).toHaveValue(berlinToday());
  await page.getByLabel("Wasser (m³)").fill(german(water));
  await page.getByLabel("Strom (kWh)").fill(german(electricity));
  await expect(page.getByTestId("plausibility-water")).toHaveCount(0);

  // A 3000×1500 photo from disk: the app shrinks it on the device before sending.
  const waterPhotos = page.getByRole("group", { name: "Foto Wasserzähler" });
  const chooser = page.waitForEvent("filechooser");
  await waterPhotos.getByRole("button", { name: "Foto Wasserzähler: Foto auswählen" }).click();
  await (await chooser).setFiles({ name: "zaehler.png", mimeType: "image/png", buffer: createPng(3000, 1500, 200) });
  await expect(waterPhotos.getByRole("img", { name: "Foto 1: zaehler.jpg" })).toBeVisible();
  await expect(waterPhotos.getByTestId("photo-counter")).toContainText("1/1");

  await page.getByRole("button", { name: "Zählerstände senden" }).click();
  await expect(toasts(page).getByText("Zählerstände gemeldet")).toBeVisible();
  // The form is reset.
  await expect(page.getByLabel("Wasser (m³)")).toHaveValue("");
  await expect(waterPhotos.getByRole("img")).toHaveCount(0);

  // The server holds the reading with its photo, re-encoded as JPEG at 2048 px on the long side.
  const after = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  expect(after).toHaveLength(before.length + 1);
  const created = after.find((r) => !before.some((b) => b.id === r.id))!;
  expect(created).toMatchObject({
    reading_date: berlinToday(),
    water_reading: water,
    electricity_reading: electricity,
    heating_reading: null,
  });
  expect(created.photos).toHaveLength(1);
  expect(created.photos[0]).toMatchObject({ meter: "water", file_type: "image/jpeg", filename: "zaehler.jpg" });
  const photoRes = await request.get(created.photos[0]!.url, { headers: apiHeaders(token) });
  expect(photoRes.status()).toBe(200);
  const bytes = Buffer.from(await photoRes.body());
  expect(bytes.length).toBe(created.photos[0]!.file_size);
  expect(jpegSize(bytes)).toEqual({ width: 2048, height: 1024 });

  // The history shows it first, with date, time, values and the photo loaded through the API.
  const newest = page.getByTestId("meter-reading").first();
  await expect(newest).toContainText(`Stand vom ${longDate(created.reading_date)}`);
  const submitted = new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date(created.submitted_at));
  await expect(newest).toContainText(`Gemeldet am ${submitted} um`);
  await expect(newest.getByTestId("reading-water")).toHaveText(`${german(water)} m³`);
  await expect(newest.getByTestId("reading-electricity")).toHaveText(`${german(electricity)} kWh`);
  await expect(newest.getByTestId("reading-heating")).toContainText("nicht angegeben");
  const thumbnail = newest.getByRole("img", { name: `Foto Wasser vom ${longDate(created.reading_date)}` });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2048);
});

test("the history lists every reading the server holds", async ({ page, request }) => {
  const token = await apiLogin(request);
  const readings = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  await openMeterReadings(page);
  const items = page.getByTestId("meter-reading");
  await expect(items).toHaveCount(readings.length);
  for (const [i, reading] of readings.entries()) {
    await expect(items.nth(i)).toContainText(`Stand vom ${longDate(reading.reading_date)}`);
    if (reading.heating_reading !== null) {
      await expect(items.nth(i).getByTestId("reading-heating")).toHaveText(`${german(reading.heating_reading)} kWh`);
    }
    await expect(items.nth(i).getByRole("button", { name: /^Vergrößern: Foto/ })).toHaveCount(reading.photos.length);
  }
});

test("a value below the last reading gets a hint that does not block", async ({ page, request }) => {
  const token = await apiLogin(request);
  const readings = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  const last = readings.find((r) => r.water_reading !== null)!;
  await openMeterReadings(page);

  await page.getByLabel("Wasser (m³)").fill(german(last.water_reading! - 1));
  const hint = page.getByTestId("plausibility-water");
  await expect(hint).toContainText("Bitte prüfen Sie den Wert");
  await expect(hint).toContainText(
    `niedriger als Ihr letzter Stand (${german(last.water_reading!)} m³ am ${longDate(last.reading_date)})`,
  );
  await expect(page.getByLabel("Wasser (m³)")).toHaveAttribute("aria-describedby", /.+/);
  await expect(page.getByRole("button", { name: "Zählerstände senden" })).toBeEnabled();

  // A plausible value removes the hint again.
  await page.getByLabel("Wasser (m³)").fill(german(last.water_reading! + 0.5));
  await expect(hint).toHaveCount(0);
});

test("a value below the last reading is sent only after the explicit confirmation (issue 12)", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const before = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  const last = before.find((r) => r.water_reading !== null)!;
  const lower = Math.round((last.water_reading! - 2.5) * 1000) / 1000;
  await openMeterReadings(page);

  await page.getByLabel("Wasser (m³)").fill(german(lower));
  await page.getByRole("button", { name: "Zählerstände senden" }).click();
  const ask = page.getByRole("alertdialog", { name: "Niedrigeren Zählerstand bestätigen" });
  await expect(ask).toContainText(
    `Wasser: ${german(lower)} m³ – Ihr letzter Stand war ${german(last.water_reading!)} m³ am ${longDate(last.reading_date)}.`,
  );
  // The safe choice first: correcting sends nothing.
  await expect(ask.getByRole("button")).toHaveText(["Wert korrigieren", "Wert bestätigen und senden"]);
  await ask.getByRole("button", { name: "Wert korrigieren" }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByLabel("Wasser (m³)")).toBeFocused();
  expect(await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token)).toHaveLength(before.length);

  // The server refuses such a value without the confirmation, in German.
  const refused = await request.post("/api/v1/tenant/meter-readings", {
    headers: apiHeaders(token),
    data: { waterReading: lower, readingDate: berlinToday() },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: "reading_lower_unconfirmed" });

  await page.getByRole("button", { name: "Zählerstände senden" }).click();
  await ask.getByRole("button", { name: "Wert bestätigen und senden" }).click();
  await expect(toasts(page).getByText("Zählerstände gemeldet")).toBeVisible();
  const after = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  expect(after).toHaveLength(before.length + 1);
  expect(after.find((r) => !before.some((b) => b.id === r.id))?.water_reading).toBe(lower);
});

test("without any value the form asks for one and sends nothing", async ({ page, request }) => {
  const token = await apiLogin(request);
  const before = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  await openMeterReadings(page);
  await page.getByRole("button", { name: "Zählerstände senden" }).click();
  await expect(page.getByText("Bitte geben Sie mindestens einen Zählerstand an.")).toBeVisible();
  await expect(page.getByLabel("Wasser (m³)")).toHaveAttribute("aria-invalid", "true");
  const after = await apiGet<MeterReading[]>(request, "/tenant/meter-readings", token);
  expect(after).toHaveLength(before.length);
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test("/meter-readings has no WCAG 2.1 AA violations, hints and errors included", async ({ page }) => {
      await openMeterReadings(page);
      await page.getByLabel("Wasser (m³)").fill("1");
      await page.getByLabel("Strom (kWh)").fill("abc");
      await page.getByRole("button", { name: "Zählerstände senden" }).click();
      await expect(page.getByText("Bitte geben Sie eine Zahl ein, z. B. 1234,567.")).toBeVisible();
      await expect(page.getByTestId("plausibility-water")).toBeVisible();
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      // Let page transitions settle so colours are measured at full opacity.
      await waitForAnimationsSettled(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(summary).toEqual([]);
    });
  });
}
