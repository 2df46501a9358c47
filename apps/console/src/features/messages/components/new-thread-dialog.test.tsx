import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { NewThreadDialog } from "./new-thread-dialog";

const TENANT = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a09";

async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NewThreadDialog tenantId={TENANT} tenantName="Anna Schneider" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Neue Nachricht" }));
  await screen.findByRole("dialog", { name: "Neue Nachricht" });
  return user;
}

describe("new message to a tenant", () => {
  it("marks the empty subject and message with the German messages and sends nothing", async () => {
    const calls = stubFetch();
    const user = await openDialog();
    await user.click(screen.getByRole("button", { name: "Senden" }));
    const subject = screen.getByLabelText("Betreff");
    await waitFor(() => expect(subject).toHaveAttribute("aria-invalid", "true"));
    expect(subject).toHaveFocus();
    expect(subject).toHaveAccessibleDescription(/^Der Betreff/);
    expect(screen.getByLabelText("Nachricht")).toHaveAccessibleDescription(/^Die Nachricht/);
    expect(calls).toHaveLength(0);
  });

  it("sends the trimmed subject and message for the tenant", async () => {
    const calls = stubFetch({
      status: 500,
      body: { error: "internal", message: "Der Server ist gerade nicht erreichbar." },
    });
    const user = await openDialog();
    await user.type(screen.getByLabelText("Betreff"), " Heizung ");
    await user.type(screen.getByLabelText("Nachricht"), "Guten Tag, morgen kommt der Techniker.");
    await user.click(screen.getByRole("button", { name: "Senden" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Der Server ist gerade nicht erreichbar.");
    expect(calls[0]!.body).toStrictEqual({
      tenant_id: TENANT,
      subject: "Heizung",
      content: "Guten Tag, morgen kommt der Techniker.",
    });
  });
});
