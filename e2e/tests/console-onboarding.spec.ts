import { randomUUID } from "node:crypto";
import { consoleLogin, mailsTo, VERWALTER } from "../console-fixtures";
import { expect, test } from "../fixtures";
import { serverBaseUrl } from "../server-env";

// Issue 14 §1, "Done when": as the demo Verwalter, create and invite a tenant, who sets a password
// from the outbox mail and sees their next rent payment; a CSV import shows every row's problems
// before anything is written, then imports a valid file.
//
// Every test makes its own tenants with unique addresses in Gartenweg 12 (the demo Verwalter's
// building); the tenancy starts on the 1st of next month, so its first rent charge is next month's.

test.use({ viewport: { width: 1280, height: 900 } });

const BUILDING = "Gartenweg 12, 10115 Berlin";

function firstOfNextMonth(): { iso: string; german: string } {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" })
    .format(new Date())
    .split("-")
    .map(Number) as [number, number];
  const year = m === 12 ? y + 1 : y;
  const month = String(m === 12 ? 1 : m + 1).padStart(2, "0");
  return { iso: `${year}-${month}-01`, german: `01.${month}.${year}` };
}

test("create and invite a tenant, who sets a password from the outbox mail and sees their next rent payment", async ({
  page,
  browser,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const email = `neu-${suffix}@example.com`;
  const lastName = `Neumieter ${suffix}`;
  await consoleLogin(page, VERWALTER.email);

  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Mieter" }).click();
  await page.getByRole("link", { name: "Mieter anlegen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mieter anlegen" })).toBeVisible();
  await page.getByLabel("Vorname").fill("Nora");
  await page.getByLabel("Nachname").fill(lastName);
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Gebäude").selectOption({ label: `Gartenweg 12 (${BUILDING})` });
  await page.getByLabel("Wohnung").fill("3. OG rechts");
  await page.getByLabel("Beginn").fill(firstOfNextMonth().iso);
  await page.getByLabel("Kaltmiete (€)").fill("612,50");
  await page.getByLabel("Nebenkosten (€)").fill("180");
  await expect(page.getByLabel("Einladung gleich per E-Mail senden")).toBeChecked();
  await page.getByRole("button", { name: "Mieter anlegen" }).click();

  // The tenant's page: invited, with the link's validity.
  await expect(page.getByRole("heading", { level: 1, name: `Nora ${lastName}` })).toBeVisible();
  const access = page.getByRole("region", { name: "Zugang zum Portal" });
  await expect(access.getByText("Eingeladen", { exact: true })).toBeVisible();
  await expect(access.getByRole("button", { name: "Einladung erneut senden" })).toBeVisible();

  // The list shows the status too.
  await page.getByRole("link", { name: "Zur Mietersuche" }).click();
  await page.getByRole("searchbox", { name: "Suche" }).fill(suffix);
  const row = page.getByRole("list", { name: "Mieter" }).getByRole("listitem").filter({ hasText: lastName });
  await expect(row.getByText("Eingeladen", { exact: true })).toBeVisible();

  // The invitation mail in the server's outbox (the worker sends it within seconds).
  let link = "";
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email))[0] ?? "";
        link = /https?:\/\/\S+\/einladung#token=[\w%-]+/.exec(mail)?.[0] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  expect((await mailsTo(email))[0]).toContain("lädt Sie in das Mieter-Portal ein");

  // The tenant opens it on their phone, sets a password and is signed in.
  const phone = await browser.newContext({
    baseURL: serverBaseUrl(),
    viewport: { width: 390, height: 844 },
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
  });
  const tenant = await phone.newPage();
  const url = new URL(link);
  await tenant.goto(`${url.pathname}${url.hash}`);
  await expect(tenant.getByRole("heading", { level: 1, name: "Zugang einrichten" })).toBeVisible();
  await expect(tenant.getByText(`Guten Tag Nora ${lastName},`)).toBeVisible();
  await expect(tenant.getByText(`Sie melden sich künftig mit ${email} an.`)).toBeVisible();
  await tenant.getByLabel("Passwort", { exact: true }).fill("mein-erstes-passwort");
  await tenant.getByLabel("Passwort wiederholen").fill("mein-erstes-passwort");
  await tenant.getByRole("button", { name: "Passwort festlegen" }).click();

  // The dashboard with the next rent payment: 612,50 + 180 = 792,50 €, due on the 3rd of next month.
  const rent = tenant.getByRole("region", { name: "Nächste Mietzahlung" });
  await expect(rent.getByTestId("rent-amount")).toHaveText(/792,50\s€/, { timeout: 15_000 });
  const dueOn = new Date(`${firstOfNextMonth().iso.slice(0, 8)}03T12:00:00Z`);
  const dueText = new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "long", year: "numeric" }).format(dueOn);
  await expect(rent.getByTestId("rent-due-date")).toHaveText(dueText);
  await phone.close();

  // The link is used up; the console shows the tenant as active.
  await page.reload();
  await expect(row.getByText("Aktiv", { exact: true })).toBeVisible();
});

test("CSV import: the preview shows a wrong row in German first, the valid row is imported (inviting only when asked), the same file again skips it", async ({
  page,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const header = "Vorname;Nachname;E-Mail;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten;Zahlungsart;Fälligkeitstag;;";
  const good = `Ida;Import ${suffix};ida-${suffix}@example.com;${BUILDING};EG links;${firstOfNextMonth().german};550,00;150,00;Überweisung;3;;`;
  const bad = `Kai;Kaputt ${suffix};keine-adresse;${BUILDING};;31.02.2027;viel;150;Bar;3;;`;
  await consoleLogin(page, VERWALTER.email);
  await page.goto("/verwaltung/mieter");
  await page.getByRole("link", { name: "CSV importieren" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mieter importieren" })).toBeVisible();

  // As Excel saves "CSV (Trennzeichen-getrennt)": Windows-1252, CRLF, empty trailing columns.
  const file = {
    name: "mieter.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\r\n${good}\r\n${bad}\r\n`, "latin1"),
  };
  await page.getByLabel(/^CSV-Datei/).setInputFiles(file);
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByTestId("import-summary")).toContainText("2 Zeilen: 1 werden importiert, 1 mit Fehlern");
  const rows = page.getByTestId("import-row");
  await expect(rows.first()).toContainText(`Kaputt ${suffix}`);
  const wrong = rows.filter({ hasText: `Kaputt ${suffix}` });
  await expect(wrong.getByRole("cell").first()).toHaveText("3");
  await expect(wrong).toContainText("Die E-Mail-Adresse „keine-adresse“ ist ungültig.");
  await expect(wrong).toContainText("Der Beginn „31.02.2027“ ist kein gültiges Datum");
  await expect(wrong).toContainText("Kaltmiete „viel“ ist kein gültiger Betrag");
  await expect(wrong).toContainText("Die Zahlungsart „Bar“ ist unbekannt");
  await expect(rows.filter({ hasText: `Import ${suffix}` })).toContainText("Wird importiert");
  await expect(page.getByRole("button", { name: "1 Zeile mit Fehlern herunterladen" })).toBeVisible();

  // "gleich einladen" is off until switched on, and says how many mails go out.
  const invite = page.getByRole("switch", { name: "Mieter mit E-Mail-Adresse gleich einladen" });
  await expect(invite).not.toBeChecked();
  await invite.click();
  await expect(page.getByTestId("import-invitations")).toHaveText("1 Einladung wird verschickt.");
  await page.getByRole("button", { name: "1 Mieter importieren und 1 einladen" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "1 Mieter angelegt, 1 per E-Mail eingeladen, 1 mit Fehlern nicht importiert." }),
  ).toBeVisible();

  await page.goto(`/verwaltung/mieter?q=${suffix}`);
  const row = page
    .getByRole("list", { name: "Mieter" })
    .getByRole("listitem")
    .filter({ hasText: `Import ${suffix}` });
  await expect(row.getByText("Eingeladen", { exact: true })).toBeVisible();
  await expect(row).toContainText("Whg. EG links");
  await expect(page.getByText(`Kaputt ${suffix}`)).toHaveCount(0);

  // The same file again: Ida is there already and skipped.
  await page.goto("/verwaltung/mieter/import");
  await page.getByLabel(/^CSV-Datei/).setInputFiles(file);
  await page.getByRole("button", { name: "Prüfen" }).click();
  await expect(page.getByTestId("import-summary")).toContainText(
    "2 Zeilen: 0 werden importiert, 1 bereits vorhanden (werden übersprungen), 1 mit Fehlern",
  );
  await expect(page.getByRole("button", { name: /Mieter importieren/ })).toHaveCount(0);
});
