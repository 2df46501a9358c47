import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { preview } from "../berlin-format";
import {
  apiGet,
  apiLogin,
  DEMO,
  expect,
  loginViaUi,
  NEIGHBOUR,
  test,
  toasts,
  waitForAnimationsSettled,
} from "../fixtures";

interface Summary {
  id: string;
  subject: string;
  sender_name: string;
  content: string;
  received_at: string;
  unread: boolean;
  unread_count: number;
  message_count: number;
}
interface Thread {
  id: string;
  subject: string;
  messages: Array<{
    id: string;
    direction: "inbound" | "outbound";
    sender_name: string;
    content: string;
    read_at: string | null;
  }>;
}

const list = (request: APIRequestContext, token: string, filter: "all" | "unread" = "all") =>
  apiGet<Summary[]>(request, `/tenant/messages?filter=${filter}`, token);

/**
 * A tenant who still has unread conversations: the demo tenant, or the neighbour when other spec
 * files of the same run have read the demo tenant's (the server is shared across spec files).
 */
async function tenantWithUnread(request: APIRequestContext) {
  for (const account of [DEMO, NEIGHBOUR]) {
    const token = await apiLogin(request, account);
    const unread = await list(request, token, "unread");
    if (unread.length > 0) return { account, token, unread };
  }
  throw new Error("Kein Mieter mit ungelesenen Nachrichten (Demo-Daten)");
}

async function openMessages(page: Page, account = DEMO) {
  await loginViaUi(page, account);
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Nachrichten" }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nachrichten" })).toBeVisible();
}

const cards = (page: Page) => page.getByTestId("message-card");
const filterButton = (page: Page, name: "Alle" | "Ungelesen") => page.getByRole("button", { name, exact: true });

test("the list shows the API's conversations; 'Ungelesen' shows only the unread ones", async ({ page, request }) => {
  const token = await apiLogin(request);
  const all = await list(request, token, "all");
  const unread = await list(request, token, "unread");
  expect(unread.every((m) => m.unread)).toBe(true);
  expect(unread.length, "the seed has read conversations too").toBeLessThan(all.length);

  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  await openMessages(page);
  await expect(filterButton(page, "Alle")).toHaveAttribute("aria-pressed", "true");
  await expect(cards(page).getByTestId("message-subject")).toHaveText(all.map((m) => m.subject));
  const first = cards(page).first();
  await expect(first).toContainText(all[0]!.sender_name);
  await expect(first.getByTestId("message-preview")).toHaveText(preview(all[0]!.content));
  await expect(first).toHaveAttribute("href", `/messages/${all[0]!.id}`);
  // Unread conversations carry the mark and say so to screen readers.
  for (const [i, message] of all.entries()) {
    const card = cards(page).nth(i);
    if (message.unread) {
      await expect(card).toHaveAttribute("data-unread", "true");
      await expect(card).toContainText("Ungelesen:");
    } else {
      await expect(card).not.toHaveAttribute("data-unread", /.*/);
    }
  }

  await filterButton(page, "Ungelesen").click();
  await expect(page).toHaveURL(/\/messages\?filter=unread$/);
  await expect(filterButton(page, "Ungelesen")).toHaveAttribute("aria-pressed", "true");
  if (unread.length === 0) {
    await expect(page.getByText("Keine ungelesenen Nachrichten")).toBeVisible();
  } else {
    await expect(cards(page).getByTestId("message-subject")).toHaveText(unread.map((m) => m.subject));
    for (const card of await cards(page).all()) await expect(card).toHaveAttribute("data-unread", "true");
  }
  // The filtered list is the API's (the header's notifications share the same cached query).
  expect(requested.some((url) => url.includes("/api/v1/tenant/messages?filter=unread"))).toBe(true);

  await filterButton(page, "Alle").click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(cards(page)).toHaveCount(all.length);
});

test("a failed mark-read says so and the conversation stays unread", async ({ page, request }) => {
  const { account, token, unread } = await tenantWithUnread(request);
  const target = unread[0]!;
  await page.route("**/api/v1/tenant/messages/*/read", (route) =>
    route.fulfill({ status: 500, json: { error: "internal_error", message: "Interner Fehler" } }),
  );
  await openMessages(page, account);
  await page.locator(`a[href="/messages/${target.id}"]`).click();
  await expect(page.getByRole("heading", { level: 1, name: target.subject })).toBeVisible();
  await expect(toasts(page).getByText("Die Nachricht konnte nicht als gelesen markiert werden.")).toBeVisible();
  const after = await list(request, token, "all");
  expect(after.find((m) => m.id === target.id)?.unread).toBe(true);
});

test("opening an unread conversation shows it oldest first and marks it read on the server", async ({
  page,
  request,
}) => {
  const { account, token, unread } = await tenantWithUnread(request);
  const target = unread[0]!;
  const thread = await apiGet<Thread>(request, `/tenant/messages/${target.id}`, token);

  await openMessages(page, account);
  const markRead = page.waitForRequest(
    (r) => r.method() === "PATCH" && r.url().endsWith(`/api/v1/tenant/messages/${target.id}/read`),
  );
  await page.locator(`a[href="/messages/${target.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${target.id}$`));
  await expect(page.getByTestId("header-title")).toHaveText("Nachricht");
  await expect(page.getByRole("heading", { level: 1, name: target.subject })).toBeVisible();
  await expect(page.getByTestId("thread-message-content")).toHaveText(thread.messages.map((m) => m.content));
  await expect(page.getByTestId("thread-message")).toHaveAttribute("data-direction", /inbound|outbound/);
  const request_ = await markRead;
  expect(request_.headers()["idempotency-key"]).toBeTruthy();

  await expect
    .poll(async () => (await list(request, token, "all")).find((m) => m.id === target.id)?.unread)
    .toBe(false);
  const read = await apiGet<Thread>(request, `/tenant/messages/${target.id}`, token);
  expect(read.messages.filter((m) => m.direction === "inbound").every((m) => m.read_at !== null)).toBe(true);
  expect((await list(request, token, "unread")).some((m) => m.id === target.id)).toBe(false);

  // Back in the list the mark is gone.
  await page.getByRole("link", { name: "Alle Nachrichten" }).click();
  await expect(page.locator(`a[href="/messages/${target.id}"]`)).not.toHaveAttribute("data-unread", /.*/);
});

test("a reply appears at the end of the thread as the tenant's own and is held by the server", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const target = (await list(request, token, "all")).find((m) => !m.unread);
  expect(target, "the seed has read conversations").toBeTruthy();
  const text = `Antwort aus dem Test ${Date.now()}: Passt mir gut.`;

  await openMessages(page);
  await page.locator(`a[href="/messages/${target!.id}"]`).click();
  await expect(page.getByRole("heading", { level: 1, name: target!.subject })).toBeVisible();
  const field = page.getByLabel("Ihre Antwort");

  // Blank replies are refused without a request.
  let posted = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/replies")) posted++;
  });
  await field.fill("   ");
  await page.getByRole("button", { name: "Antwort senden" }).click();
  await expect(page.getByText("Nachricht ist erforderlich.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(0);

  await field.fill(`  ${text}  `);
  await page.getByRole("button", { name: "Antwort senden" }).click();
  const last = page.getByTestId("thread-message").last();
  await expect(last).toContainText(text);
  await expect(last).toHaveAttribute("data-direction", "outbound");
  await expect(last.getByRole("article", { name: "Ihre Nachricht" })).toContainText("Sie");
  await expect(field).toHaveValue("");
  expect(posted).toBe(1);

  const thread = await apiGet<Thread>(request, `/tenant/messages/${target!.id}`, token);
  const stored = thread.messages.at(-1)!;
  expect(stored.content).toBe(text);
  expect(stored.direction).toBe("outbound");
  const summary = (await list(request, token, "all")).find((m) => m.id === target!.id)!;
  expect(summary.content).toBe(text);
});

test("the chat button starts a conversation with the management and opens it", async ({ page, request }) => {
  const token = await apiLogin(request);
  const before = await list(request, token, "all");
  const subject = `Frage zum Keller ${Date.now()}`;
  const content = "Guten Tag, wo finde ich den Schlüssel für den Fahrradkeller?";

  await openMessages(page);
  await page.getByRole("button", { name: "Neue Nachricht" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue Nachricht" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Senden" }).click();
  await expect(dialog.getByText("Betreff ist erforderlich.")).toBeVisible();
  await expect(dialog.getByText("Nachricht ist erforderlich.")).toBeVisible();
  await expect(dialog.getByLabel("Betreff")).toHaveAttribute("aria-invalid", "true");
  expect((await list(request, token, "all")).length).toBe(before.length);

  await dialog.getByLabel("Betreff").fill(subject);
  await dialog.getByLabel("Nachricht", { exact: true }).fill(content);
  await dialog.getByRole("button", { name: "Senden" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText("Nachricht gesendet")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const id = /\/messages\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  expect(id, page.url()).toBeTruthy();
  await expect(page.getByTestId("thread-message-content")).toHaveText([content]);

  const after = await list(request, token, "all");
  expect(after.length).toBe(before.length + 1);
  const created = after.find((m) => m.id === id)!;
  expect(created.subject).toBe(subject);
  expect(created.content).toBe(content);
  expect(created.unread).toBe(false);
  // Newest activity first, so it leads the list.
  expect(after[0]!.id).toBe(id);
  await page.getByRole("link", { name: "Alle Nachrichten" }).click();
  await expect(cards(page).first().getByTestId("message-subject")).toHaveText(subject);
});

test("an unknown conversation says it was not found", async ({ page }) => {
  await openMessages(page);
  await page.evaluate(() => {
    window.history.pushState({}, "", "/messages/00000000-0000-4000-8000-000000000000");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "Nachricht nicht gefunden" })).toBeVisible();
});

test("a list longer than a page loads the next pages as the tenant scrolls; the dashboard reads 2", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const all = await list(request, token, "all");
  expect(all.length, "the demo tenant has more than one page of 2").toBeGreaterThan(2);
  // The app asks for pages of 50; here of 2, so the demo tenant's conversations span several pages.
  const listRequests: URL[] = [];
  await page.route(/\/api\/v1\/tenant\/messages\?/, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/api/v1/tenant/messages") listRequests.push(new URL(url));
    if (url.pathname !== "/api/v1/tenant/messages" || url.searchParams.has("limit")) return route.continue();
    url.searchParams.set("limit", "2");
    return route.continue({ url: url.toString() });
  });

  await openMessages(page);
  // The dashboard asked for its 2 newest conversations only.
  expect(listRequests.some((u) => u.searchParams.get("limit") === "2" && !u.searchParams.has("cursor"))).toBe(true);

  // Scrolling down brings 'Weitere laden' into view, which loads the next page by itself.
  await expect(cards(page).first()).toBeVisible();
  await page.mouse.move(195, 450);
  await expect(async () => {
    await page.mouse.wheel(0, 1500);
    await expect(cards(page)).toHaveCount(all.length, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("message-subject")).toHaveText(all.map((m) => m.subject));
  await expect(page.getByRole("button", { name: "Weitere laden" })).toHaveCount(0);
  expect(listRequests.filter((u) => u.searchParams.has("cursor")).length).toBeGreaterThanOrEqual(
    Math.ceil(all.length / 2) - 1,
  );
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

    test("messages list, new-message dialog and a thread have no WCAG 2.1 AA violations", async ({ page, request }) => {
      const token = await apiLogin(request);
      const read = (await list(request, token, "all")).find((m) => !m.unread)!;
      await openMessages(page);
      await page.getByRole("button", { name: "Hinweis schließen" }).click();
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      await expect(cards(page).first()).toBeVisible();
      await scan(page);

      await filterButton(page, "Ungelesen").click();
      await expect(filterButton(page, "Ungelesen")).toHaveAttribute("aria-pressed", "true");
      await scan(page);

      await page.getByRole("button", { name: "Neue Nachricht" }).click();
      const dialog = page.getByRole("dialog", { name: "Neue Nachricht" });
      await dialog.getByRole("button", { name: "Senden" }).click();
      await expect(dialog.getByText("Betreff ist erforderlich.")).toBeVisible();
      await scan(page);
      await dialog.getByRole("button", { name: "Abbrechen" }).click();

      await filterButton(page, "Alle").click();
      await page.locator(`a[href="/messages/${read.id}"]`).click();
      await expect(page.getByRole("heading", { level: 1, name: read.subject })).toBeVisible();
      await scan(page);
    });
  });
}
