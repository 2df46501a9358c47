import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { routeFetch } from "@/test/route-fetch";
import { activeMandate, TENANCY } from "../test-data";
import { MandatePanel } from "./mandate-panel";

function renderPanel(items: unknown[], more: Parameters<typeof routeFetch>[0] = {}) {
  const calls = routeFetch({
    "GET /staff/sepa/mandates": [{ status: 200, body: { items, next_cursor: null } }],
    ...more,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MandatePanel tenancyId={TENANCY} tenantName="Anna Meyer" />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe("a tenancy's mandate", () => {
  it("shows the active mandate with its masked IBAN, and the earlier ones", async () => {
    const old = {
      ...activeMandate,
      id: "00000000-0000-4000-8000-000000000062",
      reference: "MP-K7Q2-X9M4-00",
      state: "revoked",
      revoked_at: "2026-01-15T12:00:00.000Z",
      revoke_reason: "Neues Konto",
    };
    const { calls } = renderPanel([activeMandate, old]);
    expect(await screen.findByTestId("mandate-reference")).toHaveTextContent("MP-K7Q2-X9M4-01");
    expect(screen.getByTestId("mandate-iban")).toHaveTextContent("DE89 •••• •••• •••• ••30 00");
    expect(screen.getByText("Folgelastschrift (RCUR)")).toBeInTheDocument();
    expect(screen.getByText("Aktiv")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Widerrufen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mandat (PDF)" })).toBeInTheDocument();
    const earlier = screen.getByRole("list", { name: "Frühere Mandate" });
    expect(within(earlier).getByText(/MP-K7Q2-X9M4-00/)).toBeInTheDocument();
    expect(earlier).toHaveTextContent("Neues Konto");
    expect(calls[0]!.url).toBe(`/staff/sepa/mandates?tenancy=${TENANCY}&limit=20`);
  });

  it("says when there is none and offers the blank form to sign", async () => {
    // jsdom has no object URLs and does not follow a download link.
    const createObjectURL = vi.fn(() => "blob:mandat");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { calls, user } = renderPanel([], {
      [`GET /staff/sepa/tenancies/${TENANCY}/mandate-form.pdf`]: [
        { status: 200, blob: new Blob(["%PDF-1.7"], { type: "application/pdf" }) },
      ],
    });
    expect(await screen.findByText(/Kein aktives Mandat/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Widerrufen" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Vordruck zum Unterschreiben (PDF)" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
    expect(calls.at(-1)!.url).toBe(`/staff/sepa/tenancies/${TENANCY}/mandate-form.pdf`);
  });

  it("revokes with the reason given", async () => {
    const { calls, user } = renderPanel([activeMandate], {
      [`POST /staff/sepa/mandates/${activeMandate.id}/revoke`]: [
        { status: 200, body: { ...activeMandate, state: "revoked", revoked_at: "2026-11-27T10:00:00.000Z" } },
      ],
    });
    await user.click(await screen.findByRole("button", { name: "Widerrufen" }));
    const dialog = await screen.findByRole("dialog", { name: "Mandat widerrufen" });
    await user.type(within(dialog).getByLabelText("Grund (optional)"), "Widerruf des Mieters");
    await user.click(within(dialog).getByRole("button", { name: "Mandat widerrufen" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toStrictEqual({ reason: "Widerruf des Mieters" });
  });
});
