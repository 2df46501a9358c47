import type { StaffNotice, StaffNoticeDetail, StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { stubFetch } from "@/test/fetch";
import { NoticeFormDialog } from "./notice-form-dialog";

const ME: StaffProfile = {
  id: "s1",
  email: "verwalter@example.com",
  name: "Vera Walter",
  role: "verwalter",
  buildings: [],
  totp_enabled: true,
  notify_new_items: false,
};
const BUILDING = "0b7c3a52-5d1e-4a3b-9c55-1f2e3d4c5b6a";
const NOTICE: StaffNotice = {
  id: "n1",
  title: "Kein Wasser",
  text: "Reparatur am Hausanschluss.",
  kind: "emergency",
  emergency_type: "water_outage",
  building: { id: BUILDING, name: "Lindenstraße 5" },
  valid_from: "2026-12-01T07:00:30.000Z",
  valid_until: null,
  outage_from: "2026-12-01T07:00:00.000Z",
  outage_until: "2026-12-01T11:00:00.000Z",
  status: "scheduled",
  created_at: "2026-11-23T07:00:00.000Z",
  updated_at: "2026-11-23T07:00:00.000Z",
  created_by: null,
  mailed_at: "2026-11-23T07:00:00.000Z",
  affected_count: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("publishing an outage (issue 25 item 21)", () => {
  it("asks „An 24 Mieter senden?“ before it mails, and mails only after „Senden“", async () => {
    const calls: { method: string; url: string }[] = [];
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ method: init.method ?? "GET", url });
        if (init.body) bodies.push(JSON.parse(String(init.body)));
        if (url.startsWith("/api/v1/staff/buildings"))
          return Response.json([
            { id: BUILDING, name: "Lindenstraße 5", address: "Lindenstraße 5, 10115 Berlin", tenant_count: 24 },
          ]);
        if (url.startsWith("/api/v1/staff/notices/recipients")) return Response.json({ recipients: 24 });
        return Response.json(
          {
            id: "n1",
            title: "Wasser abgestellt",
            text: "Wegen einer Reparatur ist das Wasser abgestellt.",
            kind: "emergency",
            emergency_type: "water_outage",
            building: { id: BUILDING, name: "Lindenstraße 5" },
            valid_from: "2026-11-30T07:00:00.000Z",
            valid_until: null,
            outage_from: "2026-12-01T07:00:00.000Z",
            outage_until: "2026-12-01T11:00:00.000Z",
            status: "current",
            created_at: "2026-11-30T07:00:00.000Z",
            updated_at: "2026-11-30T07:00:00.000Z",
            created_by: null,
            mailed_at: "2026-11-30T07:00:00.000Z",
            affected_count: 0,
            affected: [],
          } satisfies StaffNoticeDetail,
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={ME}>
          <NoticeFormDialog
            trigger={(open) => (
              <button type="button" onClick={open}>
                Neuer Aushang
              </button>
            )}
          />
        </MeContext.Provider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Neuer Aushang" }));
    const form = await screen.findByRole("dialog");
    await within(form).findByRole("option", { name: "Lindenstraße 5" });
    await user.selectOptions(within(form).getByLabelText("Gebäude"), BUILDING);
    await user.type(within(form).getByLabelText("Titel"), "Wasser abgestellt");
    await user.type(within(form).getByLabelText("Text"), "Wegen einer Reparatur ist das Wasser abgestellt.");
    await user.selectOptions(within(form).getByLabelText("Art"), "emergency");
    await user.selectOptions(within(form).getByLabelText("Art der Störung"), "water_outage");
    // Without the outage's window: the German messages beside its fields, nothing asked or sent.
    await user.click(within(form).getByRole("button", { name: "Veröffentlichen" }));
    const from = within(form).getByLabelText("Beginn");
    const until = within(form).getByLabelText("Ende (voraussichtlich)");
    expect(from).toHaveAccessibleDescription(/Bitte geben Sie an, ab wann die Störung besteht/);
    expect(until).toHaveAccessibleDescription(/Bitte geben Sie an, bis wann die Störung voraussichtlich dauert/);
    expect(from).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.url.includes("recipients") || c.method === "POST")).toEqual([]);
    // The end before the start: said at the end.
    fireEvent.change(from, { target: { value: "2026-12-01T12:00" } });
    fireEvent.change(until, { target: { value: "2026-12-01T08:00" } });
    await user.click(within(form).getByRole("button", { name: "Veröffentlichen" }));
    expect(until).toHaveAccessibleDescription(/Das Ende der Störung muss nach ihrem Beginn liegen\./);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    fireEvent.change(from, { target: { value: "2026-12-01T08:00" } });
    fireEvent.change(until, { target: { value: "2026-12-01T12:00" } });
    await user.click(within(form).getByRole("button", { name: "Veröffentlichen" }));

    const ask = await screen.findByRole("alertdialog", { name: "An 24 Mieter senden?" });
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    expect(calls).toContainEqual({ method: "GET", url: `/api/v1/staff/notices/recipients?building=${BUILDING}` });
    await user.click(within(ask).getByRole("button", { name: "Senden" }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === "POST")).toEqual([{ method: "POST", url: "/api/v1/staff/notices" }]),
    );
    // The window as UTC instants of the Berlin times entered.
    expect(bodies[0]).toMatchObject({
      outage_from: "2026-12-01T07:00:00.000Z",
      outage_until: "2026-12-01T11:00:00.000Z",
    });
  });

  it("says everything missing at once: the building and the outage's window together", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push(`${init.method ?? "GET"} ${url}`);
        return Response.json([
          { id: BUILDING, name: "Lindenstraße 5", address: "Lindenstraße 5, 10115 Berlin", tenant_count: 24 },
        ]);
      }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={ME}>
          <NoticeFormDialog
            trigger={(open) => (
              <button type="button" onClick={open}>
                Neuer Aushang
              </button>
            )}
          />
        </MeContext.Provider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Neuer Aushang" }));
    const form = await screen.findByRole("dialog");
    await user.selectOptions(within(form).getByLabelText("Art"), "emergency");
    await user.click(within(form).getByRole("button", { name: "Veröffentlichen" }));
    expect(within(form).getByLabelText("Gebäude")).toHaveAccessibleDescription("Bitte wählen Sie ein Gebäude.");
    expect(within(form).getByLabelText("Gebäude")).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByLabelText("Gebäude")).toHaveFocus();
    expect(within(form).getByLabelText("Titel")).toHaveAccessibleDescription("Der Titel ist erforderlich.");
    expect(within(form).getByLabelText("Art der Störung")).toHaveAccessibleDescription(
      "Bitte wählen Sie die Art der Störung.",
    );
    expect(within(form).getByLabelText("Beginn")).toHaveAccessibleDescription(/ab wann die Störung besteht/);
    expect(within(form).getByLabelText("Ende (voraussichtlich)")).toHaveAccessibleDescription(
      /bis wann die Störung voraussichtlich dauert/,
    );
    expect(calls.filter((c) => !c.startsWith("GET /api/v1/staff/buildings"))).toEqual([]);
  });

  it("an edit sends only what changed, trimmed, and asks nobody when the outage was mailed before", async () => {
    const calls = stubFetch({ status: 200, body: { ...NOTICE, affected: [] } });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MeContext.Provider value={ME}>
          <NoticeFormDialog
            notice={NOTICE}
            trigger={(open) => (
              <button type="button" onClick={open}>
                Bearbeiten
              </button>
            )}
          />
        </MeContext.Provider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Bearbeiten" }));
    const form = await screen.findByRole("dialog");
    expect(within(form).queryByLabelText("Gebäude")).toBeNull();
    await user.clear(within(form).getByLabelText("Titel"));
    await user.click(within(form).getByRole("button", { name: "Speichern" }));
    const title = within(form).getByLabelText("Titel");
    await vi.waitFor(() => expect(title).toHaveAttribute("aria-invalid", "true"));
    expect(title).toHaveAccessibleDescription("Der Titel ist erforderlich.");
    expect(title).toHaveFocus();
    expect(calls).toEqual([]);
    await user.type(title, "  Kein Wasser am Dienstag ");
    await user.click(within(form).getByRole("button", { name: "Speichern" }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PATCH", url: "/api/v1/staff/notices/n1" });
    expect(calls[0]!.body).toStrictEqual({ title: "Kein Wasser am Dienstag" });
  });
});
