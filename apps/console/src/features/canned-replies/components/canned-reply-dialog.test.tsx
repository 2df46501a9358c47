import type { CannedReply, StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MeContext } from "@/lib/me";
import { stubFetch } from "@/test/fetch";
import { CannedReplyDialog } from "./canned-reply-dialog";

const me: StaffProfile = {
  id: "s1",
  email: "sabine@example.com",
  name: "Sabine Krüger",
  role: "administrator",
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
};
const saved: CannedReply = {
  id: "c1",
  title: "Heizung",
  body: "Bitte entlüften.",
  updated_at: "2026-11-20T10:00:00.000Z",
  personal: false,
  editable: true,
};

function renderDialog(reply: CannedReply | null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MeContext.Provider value={me}>
        <CannedReplyDialog reply={reply} onClose={() => {}} />
      </MeContext.Provider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("the Textbaustein dialog", () => {
  it("asks for title and text in German beside them, focuses the title, sends nothing", async () => {
    const calls = stubFetch();
    const user = renderDialog(null);
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    const title = screen.getByLabelText("Titel");
    await waitFor(() => expect(title).toHaveAttribute("aria-invalid", "true"));
    expect(title).toHaveAccessibleDescription("Der Titel ist erforderlich.");
    expect(screen.getByLabelText("Text")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Text")).toHaveAccessibleDescription(
      expect.stringMatching(/Der Text ist erforderlich\.$/),
    );
    expect(title).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("names an unknown placeholder beside the text", async () => {
    const calls = stubFetch();
    const user = renderDialog(null);
    await user.type(screen.getByLabelText("Titel"), "Termin");
    await user.type(screen.getByLabelText("Text"), "Am {{Datum} kommt der Handwerker.");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    const text = screen.getByLabelText("Text");
    await waitFor(() => expect(text).toHaveAttribute("aria-invalid", "true"));
    expect(text).toHaveAccessibleDescription(expect.stringContaining("Den Platzhalter {Datum} gibt es nicht."));
    expect(text).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("an edit sends the trimmed title and text and keeps whose it is", async () => {
    const calls = stubFetch({ status: 200, body: saved });
    const user = renderDialog(saved);
    expect(screen.queryByRole("checkbox")).toBeNull();
    await user.clear(screen.getByLabelText("Titel"));
    await user.type(screen.getByLabelText("Titel"), "  Heizung entlüften ");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PATCH", url: "/api/v1/staff/canned-replies/c1" });
    expect(calls[0]!.body).toStrictEqual({ title: "Heizung entlüften", body: "Bitte entlüften." });
  });
});
