import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { NewRepairForm } from "@/features/repairs/components/new-repair-form";
import { stubFetch } from "@/test/fetch";
import { AssigneeSelect } from "./assignee-select";
import { InternalNotes } from "./internal-notes";

function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

describe("the assignee select (issue 25 §13)", () => {
  it("offers the people the server names for this item's building, not every colleague of mine", async () => {
    const calls = stubFetch({
      status: 200,
      body: [
        { id: "me", name: "Sabine Krüger" },
        { id: "hm", name: "Jens Hausmann" },
      ],
    });
    withClient(<AssigneeSelect kind="repair" itemId="r1" assignee={null} meId="me" label="Zuständig" />);
    await screen.findByRole("option", { name: "Jens Hausmann" });
    expect(calls[0]!.url).toBe("/api/v1/staff/inbox/repair/r1/assignees");
    const select = screen.getByLabelText("Zuständig") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual(["Niemand", "Sabine Krüger (ich)", "Jens Hausmann"]);
  });
});

describe("internal notes on a conversation, appointment or tenant (issue 25 §15)", () => {
  it("lists the notes marked as internal and adds one", async () => {
    const user = userEvent.setup();
    const note = {
      id: "n1",
      author: "Sabine Krüger",
      note: "Rückruf vereinbart",
      created_at: "2026-11-20T10:00:00.000Z",
    };
    const calls = stubFetch({ status: 200, body: [] }, { status: 200, body: [note] });
    withClient(<InternalNotes entity="tenant" id="t1" />);
    expect(await screen.findByText("Noch keine internen Notizen.")).toBeInTheDocument();
    expect(screen.getByText("Intern – für Mieter nicht sichtbar")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Interne Notiz hinzufügen"), "Rückruf vereinbart");
    await user.click(screen.getByRole("button", { name: "Interne Notiz speichern" }));
    expect(await screen.findByText("Rückruf vereinbart")).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ["GET", "/api/v1/staff/notes/tenant/t1"],
      ["POST", "/api/v1/staff/notes/tenant/t1"],
    ]);
    expect(calls[1]!.body).toEqual({ note: "Rückruf vereinbart" });
  });
});

const TH = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";

describe("Reparatur anlegen (issue 25 §16)", () => {
  it("asks for type and place in German, then sends the repair for the message's tenant", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    withClient(
      <NewRepairForm target={{ thread_id: TH }} initialDescription="Die Fliese ist gesprungen." onSubmit={onSubmit} />,
    );
    expect(screen.getByLabelText("Beschreibung")).toHaveValue("Die Fliese ist gesprungen.");
    await user.click(screen.getByRole("button", { name: "Reparatur anlegen" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText("Bitte wählen Sie eine gültige Art der Reparatur.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Art"), "Sanitär (Wasser, Abfluss)");
    await user.selectOptions(screen.getByLabelText("Ort"), "Badezimmer");
    await user.click(screen.getByRole("button", { name: "Reparatur anlegen" }));
    expect(onSubmit).toHaveBeenCalledWith({
      thread_id: TH,
      type: "plumbing",
      location: "bathroom",
      urgency: "medium",
      description: "Die Fliese ist gesprungen.",
    });
  });
});
