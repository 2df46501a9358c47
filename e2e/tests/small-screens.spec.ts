import type { Page } from "@playwright/test";
import { apiGet, apiLogin, DEMO, expect, seedSession, test, toasts, waitForIntroGone } from "../fixtures";
import { layoutProblems, lineBreaks } from "../layout-probe";

// Issue 12 §2: every screen at the common phone widths and on a desktop, light and dark: nothing
// runs off the side, no button or link lies under another element, and the floating buttons
// never lie over the content.

const WIDTHS = [320, 360, 390, 1280] as const;
const SCHEMES = ["light", "dark"] as const;

const SIGNED_OUT = ["/login", "/forgot-password"];
const SIGNED_IN = [
  "/",
  "/documents",
  "/repairs",
  "/messages",
  "/meter-readings",
  "/finances",
  "/appointments",
  "/settings",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/faq",
  "/contact",
  "/gibt-es-nicht",
];

/** Client-side navigation (no reload, so no intro screen each time). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  // The route's module may still load: wait until the shell shows that screen.
  await expect(page.locator(`#main [data-path="${path}"]`)).toHaveCount(1, { timeout: 15_000 });
}

/** Waits until the screen has its data and its page transition is over. */
async function settled(page: Page) {
  await expect(page.getByText(/(wird|werden) geladen\.\.\.|^Lädt\.\.\.$/)).toHaveCount(0, { timeout: 15_000 });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

async function expectGoodLayout(page: Page, where: string) {
  await settled(page);
  const problems = await layoutProblems(page);
  expect.soft(problems.overflow, `${where}: horizontaler Überlauf`).toEqual([]);
  expect.soft(problems.covered, `${where}: verdeckte Bedienelemente`).toEqual([]);
  expect.soft(problems.floatingOverContent, `${where}: schwebende Knöpfe über dem Inhalt`).toEqual([]);
}

/**
 * Issue 25: the header's title is never cut off ("Einstellu…" at 320 px, the legal titles at 390
 * px): it fits in its (at most two) lines, breaks only at a space, a hyphen or a soft hyphen, and
 * theme and profile buttons stay whole in the window.
 */
async function expectWholeHeaderTitle(page: Page, where: string) {
  const title = page.getByTestId("header-title");
  const clipped = await title.evaluate((el) => ({
    width: el.scrollWidth > el.clientWidth + 1,
    height: el.scrollHeight > el.clientHeight + 1,
  }));
  expect.soft(clipped, `${where}: Titel im Kopf abgeschnitten`).toEqual({ width: false, height: false });
  // Where the title may break: after a space, a hyphen or a soft hyphen. (The range of the first
  // character after a soft hyphen's break may still report the first line: that pair counts too.)
  const text = (await title.textContent()) ?? "";
  const allowed = new Set<string>();
  for (let i = 1; i < text.length; i++) {
    if (![" ", "-", "\u00ad"].includes(text[i - 1]!)) continue;
    allowed.add(`${text[i - 1]}|${text[i]}`);
    if (text[i - 1] === "\u00ad" && i + 1 < text.length) allowed.add(`${text[i]}|${text[i + 1]}`);
  }
  for (const at of await lineBreaks(page, "[data-testid='header-title']")) {
    expect.soft(allowed.has(at), `${where}: Titel bricht mitten im Wort um (${at})`).toBe(true);
  }
  const width = page.viewportSize()!.width;
  for (const name of [/^(Helles|Dunkles|System)/, /^Profil/]) {
    const box = await page.locator("header").getByRole("button", { name }).boundingBox();
    expect
      .soft(box && box.x >= 0 && box.x + box.width <= width, `${where}: Knopf ${name} nicht ganz sichtbar`)
      .toBe(true);
  }
}

for (const scheme of SCHEMES) {
  for (const width of WIDTHS) {
    test.describe(`${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 740 }, colorScheme: scheme });

      test("every route: no horizontal overflow, nothing hidden under another element", async ({ page, request }) => {
        test.setTimeout(180_000);
        for (const path of SIGNED_OUT) {
          await page.goto(path);
          await waitForIntroGone(page);
          await expectGoodLayout(page, path);
        }

        const token = await apiLogin(request, DEMO);
        const [messages, appointments, repairs] = await Promise.all([
          apiGet<{ id: string }[]>(request, "/tenant/messages?filter=received&limit=1", token),
          // The one with the longest title ("Beratung zur Nebenkostenabrechnung": one long word).
          apiGet<{ id: string; title: string }[]>(request, "/tenant/appointments?limit=50", token).then((all) =>
            all.sort((a, b) => b.title.length - a.title.length).slice(0, 1),
          ),
          apiGet<{ id: string }[]>(request, "/tenant/repairs?limit=1", token),
        ]);
        const details = [
          ...messages.map((m) => `/messages/${m.id}`),
          ...appointments.map((a) => `/appointments/${a.id}`),
          ...repairs.map((r) => `/repairs/${r.id}`),
        ];
        expect(details).toHaveLength(3);

        await seedSession(page, token, await apiGet(request, "/auth/user", token));
        await page.goto("/");
        await waitForIntroGone(page);
        await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
        await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        for (const path of [...SIGNED_IN, ...details]) {
          if (path !== "/") await navigate(page, path);
          await expectGoodLayout(page, path);
          // Unknown routes show the company name (spec section 2): it breaks at its compound joints too.
          await expectWholeHeaderTitle(page, path);
        }
      });
    });
  }
}

test.describe("small screens in detail", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  async function signIn(page: Page, request: Parameters<typeof apiLogin>[0]) {
    const token = await apiLogin(request, DEMO);
    await seedSession(page, token, await apiGet(request, "/auth/user", token));
    await page.goto("/");
    await waitForIntroGone(page);
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
  }

  test("the tab labels keep a gap between them at 320 px", async ({ page, request }) => {
    await signIn(page, request);
    const boxes = await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .locator("a, button")
      .evaluateAll((items) =>
        items.map((item) => {
          // The label's own text, not the whole tab.
          const range = document.createRange();
          const text = [...item.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
          if (!text) return null;
          range.selectNodeContents(text);
          const rect = range.getBoundingClientRect();
          return { label: text.textContent?.trim(), left: rect.left, right: rect.right };
        }),
      );
    expect(boxes.map((b) => b?.label)).toEqual(["Home", "Dokumente", "Reparaturen", "Nachrichten", "Mehr"]);
    for (let i = 1; i < boxes.length; i++) {
      expect(
        boxes[i]!.left - boxes[i - 1]!.right,
        `${boxes[i - 1]!.label} | ${boxes[i]!.label}`,
      ).toBeGreaterThanOrEqual(4);
    }
  });

  test("the connection details break the e-mail address only between its parts", async ({ page, request }) => {
    await signIn(page, request);
    await page.getByTestId("details-button").click();
    const dialog = page.getByRole("dialog", { name: "Verbindungsdetails" });
    await expect(dialog.getByTestId("status-auth")).toHaveText(`Angemeldet als ${DEMO.email}`);
    for (const at of await lineBreaks(page, "[data-testid='status-auth']")) {
      expect(at, "a line ends after a space, '@' or '-', or before a '.'").toMatch(/^( \|.|@\|.|-\|.|.\|\.)$/);
    }
  });

  test("a toast stays below the header, which stays usable", async ({ page, request }) => {
    await signIn(page, request);
    await page.getByRole("button", { name: /^Online-Modus aktiv/ }).click();
    const toast = toasts(page).locator("li").filter({ hasText: "Offline-Modus aktiviert" });
    await expect(toast).toBeVisible();
    const header = await page.locator("header").boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    // The bell is still the element under its centre.
    const bell = page.getByRole("button", { name: /^Benachrichtigungen/ });
    const hit = await bell.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const found = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return found === el || el.contains(found);
    });
    expect(hit).toBe(true);
    await page.getByRole("button", { name: /^Offline-Modus aktiv/ }).click();
  });

  test("/contact fits 320 px: the e-mail, the emergency call button and both cards", async ({ page, request }) => {
    await signIn(page, request);
    await navigate(page, "/contact");
    await settled(page);
    const call = page.getByRole("link", { name: /^Notdienst anrufen/ });
    const box = await call.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(320 - 16);
    const mail = page.getByRole("link", { name: /@/ }).first();
    for (const at of await mail
      .evaluate((el) => {
        el.setAttribute("data-probe", "mail");
        return true;
      })
      .then(() => lineBreaks(page, "[data-probe='mail']"))) {
      expect(at, "a line ends after '@' or '-', or before a '.'").toMatch(/^(@\|.|-\|.|.\|\.)$/);
    }
  });
});
