import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { StaffFormDialog } from "./staff-form-dialog";

const BUILDINGS = [
  {
    id: "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
    name: "Lindenstraße 5",
    address: "Lindenstraße 5, 10969 Berlin",
    tenant_count: 4,
  },
  {
    id: "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a02",
    name: "Kastanienallee 12",
    address: "Kastanienallee 12, 10435 Berlin",
    tenant_count: 2,
  },
];
const created = {
  id: "s9",
  email: "neu@example.com",
  name: "Nina Neu",
  role: "hausmeister",
  buildings: [{ id: BUILDINGS[1]!.id, name: BUILDINGS[1]!.name }],
  active: true,
  totp_enabled: false,
  status: "invited",
  created_at: "2026-11-27T10:00:00Z",
};

async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StaffFormDialog
        trigger={(open) => (
          <button type="button" onClick={open}>
            Einladen
          </button>
        )}
      />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Einladen" }));
  await screen.findByRole("dialog", { name: "Mitarbeiter einladen" });
  return user;
}

describe("invite a staff member", () => {
  it("marks the empty e-mail and name with the German messages and sends nothing", async () => {
    const calls = stubFetch({ status: 200, body: BUILDINGS });
    const user = await openDialog();
    await user.click(screen.getByRole("button", { name: "Einladung senden" }));
    const email = screen.getByLabelText("E-Mail-Adresse");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("asks for a building for a caretaker", async () => {
    const calls = stubFetch({ status: 200, body: BUILDINGS });
    const user = await openDialog();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), "neu@example.com");
    await user.type(screen.getByLabelText("Name"), "Nina Neu");
    await user.selectOptions(screen.getByLabelText("Rolle"), "hausmeister");
    await user.click(screen.getByRole("button", { name: "Einladung senden" }));
    expect(
      await screen.findByText("Verwalter, Hausmeister und Dienstleister brauchen mindestens ein Gebäude."),
    ).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Gebäude" })).toHaveAccessibleDescription(
      "Verwalter, Hausmeister und Dienstleister brauchen mindestens ein Gebäude.",
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("sends the parsed values with the chosen buildings", async () => {
    const calls = stubFetch({ status: 200, body: BUILDINGS }, { status: 201, body: created });
    const user = await openDialog();
    await user.type(screen.getByLabelText("E-Mail-Adresse"), " neu@example.com ");
    await user.type(screen.getByLabelText("Name"), "Nina Neu ");
    await user.selectOptions(screen.getByLabelText("Rolle"), "hausmeister");
    await user.click(await screen.findByRole("checkbox", { name: /Kastanienallee 12/ }));
    await user.click(screen.getByRole("button", { name: "Einladung senden" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toContain("/staff/users");
    expect(post.body).toStrictEqual({
      email: "neu@example.com",
      name: "Nina Neu",
      role: "hausmeister",
      building_ids: [BUILDINGS[1]!.id],
    });
  });
});
