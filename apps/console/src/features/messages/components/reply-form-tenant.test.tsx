import type { CannedReply, StaffThreadWritten } from "@mieter-portal/contracts/staff";
import { Toaster } from "@mieter-portal/ui/toaster";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { ReplyForm } from "./reply-form";

const canned: CannedReply = {
  id: "c1",
  title: "Eingang bestätigt",
  body: "vielen Dank für Ihre Nachricht zur Wohnung {Wohnung}.",
  updated_at: "2026-11-20T10:00:00.000Z",
  personal: false,
  editable: false,
};

const thread = (tenantEmailed: boolean): StaffThreadWritten => ({
  id: "t1",
  subject: "Heizung",
  created_at: "2026-11-20T10:00:00.000Z",
  tenant: { id: "x1", name: "Anna Schneider", email: "anna@example.com", building: null, unit: "3. OG links" },
  addressee: { first_name: "Anna", last_name: "Schneider" },
  assignee: null,
  handled_at: null,
  awaiting_reply_since: null,
  messages: [],
  tenant_emailed: tenantEmailed,
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReplyForm
        threadId="t1"
        signature="Sabine Krüger, Grünfeld Hausverwaltung"
        context={{
          firstName: "Anna",
          lastName: "Schneider",
          building: "Lindenstraße 5",
          unit: "3. OG links",
          staffName: "Sabine Krüger",
        }}
      />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("answering a tenant (issue 25 §9, §10)", () => {
  it("starts an empty reply from a Textbaustein with the salutation and fills its placeholders", async () => {
    const user = userEvent.setup();
    stubFetch({ status: 200, body: [canned] });
    renderForm();
    await user.click(screen.getByRole("button", { name: "Textbaustein einfügen" }));
    await user.click(await screen.findByRole("button", { name: /Eingang bestätigt/ }));
    expect(screen.getByLabelText("Antwort")).toHaveValue(
      "Guten Tag Anna Schneider,\n\nvielen Dank für Ihre Nachricht zur Wohnung 3. OG links.",
    );
  });

  it("says the tenant reads the answer in the portal when they turned e-mail off", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ status: 200, body: thread(false) });
    renderForm();
    await user.type(screen.getByLabelText("Antwort"), "Der Monteur kommt am Montag.");
    await user.click(screen.getByRole("button", { name: "Antwort senden" }));
    expect(
      await screen.findByText("Der Mieter sieht die Antwort im Portal; E-Mail hat er abbestellt."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/per E-Mail benachrichtigt/)).toBeNull();
    expect(calls[0]!.url).toBe("/api/v1/staff/threads/t1/replies");
  });

  it("says the tenant was mailed when a mail went out", async () => {
    const user = userEvent.setup();
    stubFetch({ status: 200, body: thread(true) });
    renderForm();
    await user.type(screen.getByLabelText("Antwort"), "Erledigt.");
    await user.click(screen.getByRole("button", { name: "Antwort senden" }));
    expect(await screen.findByText("Der Mieter wurde per E-Mail benachrichtigt.")).toBeInTheDocument();
  });

  it("keeps the focus in the emptied reply field after sending, not on the page's body (issue 25 §23)", async () => {
    const user = userEvent.setup();
    stubFetch({ status: 200, body: thread(true) });
    renderForm();
    await user.type(screen.getByLabelText("Antwort"), "Erledigt.");
    await user.click(screen.getByRole("button", { name: "Antwort senden" }));
    await screen.findByText("Der Mieter wurde per E-Mail benachrichtigt.");
    const field = screen.getByLabelText("Antwort");
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
  });
  it("asks for the answer in German and sends nothing while it is empty", async () => {
    const calls = stubFetch();
    renderForm();
    await userEvent.setup().click(screen.getByRole("button", { name: "Antwort senden" }));
    const field = screen.getByLabelText("Antwort");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(/^Wird gesendet als .+\. Die Antwort/);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});
