import type { APIRequestContext, Page } from "@playwright/test";
import { appointmentDay } from "../berlin-dates";
import { apiGet, apiHeaders, apiLogin, expect, NEIGHBOUR, seedSession, test, waitForIntroGone } from "../fixtures";

// Issue 12 §1: what the dashboard and the notifications say is true. The second demo tenant is
// used: the changes below (own messages, a canceled request) stay out of the other specs' way.

interface Message {
  id: string;
  subject: string;
  sender_name: string;
  content: string;
}
interface Appointment {
  id: string;
  title: string;
  status: string;
  start_time: string;
}

async function openDashboard(page: Page, request: APIRequestContext, token: string) {
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
  await page.goto("/");
  await waitForIntroGone(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
  await expect(page.getByText("Daten werden geladen...")).toHaveCount(0);
}

test("'Neueste Nachrichten' shows what the management wrote, not the tenant's own messages", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, NEIGHBOUR);
  const received = await apiGet<Message[]>(request, "/tenant/messages?filter=received&limit=2", token);
  expect(received.length, "the demo seed has a message of the management").toBeGreaterThan(0);
  // The tenant writes twice (contact form and "Neue Nachricht" both start a conversation).
  const own = [`Eigene Frage A ${Date.now()}`, `Eigene Frage B ${Date.now()}`];
  for (const subject of own) {
    const res = await request.post("/api/v1/tenant/messages", {
      headers: apiHeaders(token),
      data: { subject, content: `${subject}: bitte um Rückruf.` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  // Newest activity: the tenant's own two conversations.
  const all = await apiGet<Message[]>(request, "/tenant/messages?filter=all&limit=2", token);
  expect(all.map((m) => m.subject).sort()).toEqual([...own].sort());

  await openDashboard(page, request, token);
  const items = page.getByTestId("dashboard-message");
  await expect(items).toHaveCount(received.length);
  for (const [i, message] of received.entries()) {
    await expect(items.nth(i)).toContainText(message.sender_name);
    await expect(items.nth(i).getByRole("link", { name: /^Antworten/ })).toHaveAttribute(
      "href",
      `/messages/${message.id}`,
    );
  }
  await expect(page.getByRole("region", { name: "Neueste Nachrichten" })).not.toContainText("Eigene Frage");
});

test("a canceled appointment is neither listed nor counted in the notifications nor on the dashboard", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, NEIGHBOUR);
  // The soonest possible request, so that it would be the first upcoming appointment.
  const created = await request.post("/api/v1/tenant/appointments", {
    headers: apiHeaders(token),
    data: { type: "consultation", date: appointmentDay(1), timeSlot: "morning", notes: "Wird gleich abgesagt" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const appointment = (await created.json()) as Appointment;
  const canceled = await request.patch(`/api/v1/tenant/appointments/${appointment.id}/status`, {
    headers: apiHeaders(token),
    data: { status: "canceled" },
  });
  expect(canceled.status(), await canceled.text()).toBe(200);

  const unread = await apiGet<Message[]>(request, "/tenant/messages?filter=unread&limit=10", token);
  const upcoming = (await apiGet<Appointment[]>(request, "/tenant/appointments?upcoming=true&limit=5", token)).filter(
    (a) => a.status !== "canceled",
  );
  // The server leaves canceled appointments out of the upcoming ones, and so does the app.
  expect(
    (await apiGet<Appointment[]>(request, "/tenant/appointments?upcoming=true&limit=5", token)).some(
      (a) => a.id === appointment.id,
    ),
    "the server still lists it among the upcoming ones",
  ).toBe(false);

  await openDashboard(page, request, token);
  await expect(page.locator(`a[href="/appointments/${appointment.id}"]`)).toHaveCount(0);
  const count = unread.length + upcoming.length;
  const bell = page.getByRole("button", {
    name:
      count > 9
        ? "Benachrichtigungen (mehr als 9 neu)"
        : count > 0
          ? `Benachrichtigungen (${count} neu)`
          : "Benachrichtigungen",
    exact: true,
  });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole("dialog", { name: "Benachrichtigungen" });
  await expect(panel.getByRole("heading", { name: "Anstehende Termine" })).toBeVisible();
  await expect(panel.locator(`a[href="/appointments/${appointment.id}"]`)).toHaveCount(0);
  for (const next of upcoming) await expect(panel.locator(`a[href="/appointments/${next.id}"]`)).toHaveCount(1);
});
