import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { apiGet, apiLogin, expect, loginViaUi, test, toasts, waitForAnimationsSettled } from "../fixtures";

interface TenantDocument {
  id: string;
  title: string;
  type: "contract" | "house_rules" | "receipt" | "utility" | "personal";
  file_type: string;
  file_size: number;
  file_url: string;
  uploaded_at: string;
  is_tenant_uploaded: boolean;
}

const SECTIONS = {
  contract: "Vertragsdokumente",
  utility: "Nebenkostenabrechnungen",
  mine: "Meine Dokumente",
} as const;

function sectionOf(d: TenantDocument): keyof typeof SECTIONS {
  if (d.is_tenant_uploaded) return "mine";
  if (d.type === "contract" || d.type === "house_rules") return "contract";
  if (d.type === "receipt" || d.type === "utility") return "utility";
  return "mine";
}

/** dd.mm.yyyy in Berlin time. */
function germanDate(iso: string): string {
  return new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date(iso));
}

/** A real, valid one-page PDF; `padding` bytes of comment make it as large as needed. */
function makePdf(text: string, padding = 0): Buffer {
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
  if (padding > 0) body += `%${"x".repeat(padding)}\n`;
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

async function openDocuments(page: Page) {
  await loginViaUi(page);
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Dokumente" }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dokumente" })).toBeVisible();
}

const section = (page: Page, key: keyof typeof SECTIONS) => page.getByRole("region", { name: SECTIONS[key] });
const uploadInput = (page: Page) => page.getByLabel("Datei zum Hochladen auswählen");

test("the seeded documents appear in their sections with type, size and date, as the API holds them", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const documents = await apiGet<TenantDocument[]>(request, "/tenant/documents", token);
  expect(documents.filter((d) => sectionOf(d) === "contract").length, "seed has contract documents").toBeGreaterThan(0);
  expect(documents.filter((d) => sectionOf(d) === "utility").length, "seed has utility documents").toBeGreaterThan(0);
  expect(documents.filter((d) => sectionOf(d) === "mine").length, "seed has a tenant upload").toBeGreaterThan(0);

  await openDocuments(page);
  for (const key of Object.keys(SECTIONS) as Array<keyof typeof SECTIONS>) {
    const expected = documents.filter((d) => sectionOf(d) === key);
    await expect(section(page, key).getByTestId("document-title")).toHaveText(expected.map((d) => d.title));
    await expect(section(page, key).getByTestId("document-date")).toHaveText(
      expected.map((d) => `Hochgeladen am ${germanDate(d.uploaded_at)}`),
    );
  }
  // One row in full: icon label, file type, size (one decimal, B/KB/MB), date, open control.
  const contract = documents.find((d) => d.type === "contract")!;
  const row = section(page, "contract").getByTestId("document-row").filter({ hasText: contract.title }).first();
  await expect(row.getByTestId("document-file-type")).toHaveText("Dateityp: PDF");
  await expect(row.getByTestId("document-size")).toHaveText(/^Größe: \d+(,\d)? (B|KB|MB)$/);
  const kb = (contract.file_size / 1024).toLocaleString("de-DE", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  if (contract.file_size >= 1024 && contract.file_size < 1024 * 1024) {
    await expect(row.getByTestId("document-size")).toHaveText(`Größe: ${kb} KB`);
  }
  await expect(row.getByRole("button", { name: `${contract.title} in neuem Tab öffnen` })).toBeVisible();
});

test("search filters on title and type, case-insensitively", async ({ page, request }) => {
  const token = await apiLogin(request);
  const documents = await apiGet<TenantDocument[]>(request, "/tenant/documents", token);
  await openDocuments(page);
  const search = page.getByRole("searchbox", { name: "Dokumente durchsuchen" });
  const titles = page.getByTestId("document-title");

  await search.fill("NEBENKOSTEN");
  const byTitle = documents.filter((d) => d.title.toLowerCase().includes("nebenkosten") || d.type === "utility");
  await expect(titles).toHaveCount(byTitle.length);
  await expect(section(page, "contract").getByText("Keine Treffer für „NEBENKOSTEN“")).toBeVisible();

  // The raw type and its German label both match.
  await search.fill("house_rules");
  await expect(titles).toHaveText(documents.filter((d) => d.type === "house_rules").map((d) => d.title));
  await search.fill("hausordnung");
  await expect(section(page, "contract").getByTestId("document-title")).toContainText(["Hausordnung"]);

  await search.fill("gibt es sicher nicht");
  await expect(titles).toHaveCount(0);
  await expect(page.getByTestId("document-search-count")).toHaveText("0 Dokumente gefunden");

  await search.fill("");
  await expect(titles).toHaveCount(documents.length);
});

test("a PDF uploads with a progress bar, shows under 'Meine Dokumente', is held by the server and downloads with the same bytes", async ({
  page,
  request,
}) => {
  // A throttled upload of ~900 KB and a download take longer than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const token = await apiLogin(request);
  const name = `Kautionsnachweis-${Date.now()}.pdf`;
  // Large enough to watch the progress bar on a throttled connection.
  const pdf = makePdf("Kautionsnachweis", 900_000);
  // Keep every object URL's blob, so the test can read what the new tab was given.
  await page.addInitScript(() => {
    const urls = new Map<string, Blob>();
    (window as unknown as { __objectUrls: Map<string, Blob> }).__objectUrls = urls;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      if (object instanceof Blob) urls.set(url, object);
      return url;
    };
  });
  await openDocuments(page);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 400 * 1024,
  });

  const uploadRequest = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/v1/tenant/documents",
  );
  await uploadInput(page).setInputFiles({ name, mimeType: "application/pdf", buffer: pdf });
  const sent = await uploadRequest;
  expect(sent.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  expect(sent.headers()["idempotency-key"]).toBeTruthy();
  expect(sent.headers().authorization).toMatch(/^Bearer .+/);

  const bar = page.getByRole("progressbar", { name: `Fortschritt beim Hochladen von ${name}` });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId("document-upload-percent")).toHaveText(/^\d{1,3} %$/);
  await expect
    .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 10_000 })
    .toBeGreaterThan(0);

  await expect(toasts(page).getByText("Dokument hochgeladen")).toBeVisible({ timeout: 15_000 });
  await expect(toasts(page).getByText("Ihr Dokument wurde erfolgreich hochgeladen.")).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(bar).toHaveCount(0);

  const row = section(page, "mine").getByTestId("document-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("document-file-type")).toHaveText("Dateityp: PDF");
  const kilobytes = (pdf.length / 1024).toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  await expect(row.getByTestId("document-size")).toHaveText(`Größe: ${kilobytes} KB`);

  // The server holds it: a personal, tenant-uploaded PDF titled with the file name.
  const documents = await apiGet<TenantDocument[]>(request, "/tenant/documents", token);
  const stored = documents.find((d) => d.title === name);
  expect(stored).toMatchObject({
    type: "personal",
    is_tenant_uploaded: true,
    file_type: "application/pdf",
    file_size: pdf.length,
  });
  await expect(row.getByTestId("document-date")).toHaveText(`Hochgeladen am ${germanDate(stored!.uploaded_at)}`);

  // Open it: a new tab shows the file fetched with the bearer token, byte for byte.
  const fileResponse = page.waitForResponse((r) => new URL(r.url()).pathname === stored!.file_url);
  const popupPromise = page.waitForEvent("popup");
  await row.getByRole("button", { name: `${name} in neuem Tab öffnen` }).click();
  const popup = await popupPromise;
  const response = await fileResponse;
  expect(response.status()).toBe(200);
  expect(response.request().headers().authorization).toMatch(/^Bearer .+/);
  await expect.poll(() => popup.url(), { timeout: 10_000 }).toMatch(/^blob:/);
  // What the tab shows is the blob the app made; read it back where it was made.
  const shown = await page.evaluate(async (url) => {
    const blob = (window as unknown as { __objectUrls: Map<string, Blob> }).__objectUrls.get(url);
    return blob ? { type: blob.type, data: Array.from(new Uint8Array(await blob.arrayBuffer())) } : null;
  }, popup.url());
  expect(shown?.type).toBe("application/pdf");
  expect(Buffer.from(shown!.data).equals(pdf)).toBe(true);
  await popup.close();
});

test("a refused file type or an oversized file gets a German message and sends nothing", async ({ page }) => {
  // Handing a 20 MB file to the browser takes a while.
  test.setTimeout(60_000);
  await openDocuments(page);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(`${r.method()} ${r.url()}`));

  await uploadInput(page).setInputFiles({ name: "notizen.txt", mimeType: "text/plain", buffer: Buffer.from("Hallo") });
  const problem = section(page, "mine").getByRole("alert");
  await expect(problem).toHaveText(
    "„notizen.txt“ kann nicht hochgeladen werden: Dieser Dateityp ist nicht erlaubt. Bitte wählen Sie eine PDF-, Word- (DOC, DOCX), JPG- oder PNG-Datei.",
  );

  await uploadInput(page).setInputFiles({
    name: "programm.exe",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("MZ"),
  });
  await expect(problem).toContainText("„programm.exe“ kann nicht hochgeladen werden");

  const tooLarge = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
  tooLarge.write("%PDF-1.4\n");
  await uploadInput(page).setInputFiles({ name: "scan-gross.pdf", mimeType: "application/pdf", buffer: tooLarge });
  await expect(problem).toHaveText(
    "„scan-gross.pdf“ kann nicht hochgeladen werden: Die Datei ist zu groß (20,0 MB). Erlaubt sind höchstens 20 MB.",
  );

  // The message is the end of the choice: a refused file is never handed to the upload, which is the
  // only code that sends, so no request can still come after it.
  expect(requests).toEqual([]);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
});

test("the picker accepts exactly the spec's file types", async ({ page }) => {
  await openDocuments(page);
  await expect(uploadInput(page)).toHaveAttribute("accept", ".pdf,.doc,.docx,.jpg,.jpeg,.png");
  await expect(section(page, "mine").getByRole("button", { name: "Hochladen" })).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`documents accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test(`/documents has no WCAG 2.1 AA violations (${scheme})`, async ({ page }) => {
      await openDocuments(page);
      await page.getByRole("button", { name: "Hinweis schließen" }).click();
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      // A refused file shows its message, so the scan covers it too.
      await uploadInput(page).setInputFiles({ name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("a") });
      await expect(section(page, "mine").getByRole("alert")).toBeVisible();
      await waitForAnimationsSettled(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(summary).toEqual([]);
    });
  });
}
