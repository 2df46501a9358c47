import type { CannedReply, StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { Component as CannedRepliesRoute } from "./canned-replies";

// Issue 25 item 10: Verwalter keep their own Textbausteine beside the Administrators' shared ones.
// A Verwalter's new one is always their own (the request says personal: true); an Administrator
// chooses with "Nur für mich (eigener Textbaustein)".

const me = (role: StaffProfile["role"]): StaffProfile => ({
  id: "s1",
  email: "sabine@example.com",
  name: "Sabine Krüger",
  role,
  buildings: [],
  totp_enabled: role === "administrator",
  notify_new_items: false,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubApi() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === "POST" && url === "/api/v1/staff/canned-replies") {
        const body = JSON.parse(String(init.body)) as { title: string; body: string; personal?: boolean };
        posts.push(body);
        const saved: CannedReply = {
          id: "c1",
          title: body.title,
          body: body.body,
          updated_at: "2026-11-20T10:00:00.000Z",
          personal: body.personal ?? false,
          editable: true,
        };
        return Response.json(saved, { status: 201 });
      }
      return Response.json([]);
    }),
  );
  return posts;
}

async function openNewDialog(role: StaffProfile["role"]) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={me(role)}>
          <CannedRepliesRoute />
        </MeContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await screen.findByText("Noch keine Textbausteine.");
  await user.click(screen.getByRole("button", { name: "Neuer Textbaustein" }));
  const dialog = await screen.findByRole("dialog", { name: "Neuer Textbaustein" });
  await user.type(within(dialog).getByLabelText("Titel"), "Heizung entlüften");
  await user.type(within(dialog).getByLabelText("Text"), "bitte entlüften Sie die Heizkörper.");
  return { user, dialog };
}

describe("Textbausteine: the own ones (issue 25 item 10)", () => {
  it("a Verwalter's new Textbaustein is their own, said in the dialog and in the request", async () => {
    const posts = stubApi();
    const { user, dialog } = await openNewDialog("verwalter");
    expect(dialog).toHaveAccessibleDescription("Ihr eigener Textbaustein: nur Sie sehen ihn beim Antworten.");
    // Verwalter keep no shared ones, so there is nothing to choose.
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toStrictEqual({
      title: "Heizung entlüften",
      body: "bitte entlüften Sie die Heizkörper.",
      personal: true,
    });
  });

  it("an Administrator keeps one for themself with 'Nur für mich (eigener Textbaustein)'", async () => {
    const posts = stubApi();
    const { user, dialog } = await openNewDialog("administrator");
    const own = within(dialog).getByRole("checkbox", { name: "Nur für mich (eigener Textbaustein)" });
    expect(own).not.toBeChecked();
    expect(dialog).toHaveAccessibleDescription(
      "Alle, die Mietern antworten, fügen ihn beim Antworten ein und passen ihn an.",
    );
    await user.click(own);
    expect(dialog).toHaveAccessibleDescription("Ihr eigener Textbaustein: nur Sie sehen ihn beim Antworten.");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ title: "Heizung entlüften", personal: true });
  });

  it("an Administrator's new one is shared unless ticked", async () => {
    const posts = stubApi();
    const { user, dialog } = await openNewDialog("administrator");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ personal: false });
  });
});
