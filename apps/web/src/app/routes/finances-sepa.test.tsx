import type { FinancesResponse, GiroCode, RentPayment, TenantDirectDebitResponse } from "@mieter-portal/contracts";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { setManualOffline } from "@/lib/network";
import { listEntries } from "@/lib/offline/queue-store";
import { configureSync, synchronize } from "@/lib/offline/sync";
import { fakeServer, jsonResponse, resetOfflineState, signInAs, TENANT_A } from "@/lib/offline/testing";
import { createQueryClient } from "@/lib/query-client";
import { Component as FinancesRoute } from "./finances";

// Issue 28 in the tenant's Finanzen: the mandate card with the change request (queued offline like
// every change), a charge "Lastschrift eingereicht", and the "Überfällig" card with the GiroCode.

const payment = (over: Partial<RentPayment>): RentPayment => ({
  id: "00000000-0000-4000-8000-000000000001",
  amount: 750,
  currency: "EUR",
  status: "paid",
  due_date: "2026-10-03",
  paid_at: "2026-10-02T10:00:00.000Z",
  description: "Miete Oktober 2026",
  direct_debit: null,
  ...over,
});
const returned = payment({
  id: "00000000-0000-4000-8000-000000000011",
  status: "overdue",
  due_date: "2026-11-03",
  paid_at: null,
  description: "Miete November 2026",
  direct_debit: { state: "returned", collection_date: "2026-11-03", return_reason: "AC04 – Konto erloschen" },
});
const submitted = payment({
  id: "00000000-0000-4000-8000-000000000012",
  status: "pending",
  due_date: "2026-12-03",
  paid_at: null,
  description: "Miete Dezember 2026",
  direct_debit: { state: "submitted", collection_date: "2026-12-03", return_reason: null },
});
const finances: FinancesResponse = {
  year: 2026,
  years: [2026],
  rent: {
    base_rent: 550,
    utilities: 200,
    total: 750,
    currency: "EUR",
    payment_method: "sepa_direct_debit",
    due_day: 3,
    iban_last4: "3000",
  },
  payments: [submitted, returned, payment({})],
  open_invoices: [],
};
const debit: TenantDirectDebitResponse = {
  mandate: {
    reference: "MP-K7Q2-X9M4-01",
    state: "active",
    signed_on: "2026-01-15",
    debtor_name: "Max Mustermann",
    iban_masked: "DE89 •••• •••• •••• ••30 00",
    creditor_name: "Hausverwaltung Muster GmbH",
    creditor_id: "DE98ZZZ09999999999",
  },
  change_requested_at: null,
  how_to_change:
    "Für ein neues Konto brauchen wir ein neu unterschriebenes SEPA-Lastschriftmandat. Fragen Sie es hier an; wir schicken es Ihnen zu.",
};
const code: GiroCode = {
  charge_id: returned.id,
  payload:
    "BCD\n002\n1\nSCT\nCOBADEFFXXX\nHausverwaltung Muster GmbH\nDE89370400440532013000\nEUR750.00\n\n\nMP-K7Q2-X9M4 Miete November 2026",
  amount: 750,
  recipient: "Hausverwaltung Muster GmbH",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  reference: "MP-K7Q2-X9M4 Miete November 2026",
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>',
};

let client: QueryClient;

function serve({ giro = () => jsonResponse(200, code) }: { giro?: () => Response } = {}) {
  const state = { ...debit };
  const server = fakeServer();
  server.setFallback((request) => {
    const url = new URL(request.url, "http://localhost");
    const path = url.pathname;
    if (path === "/api/v1/tenant/finances") return jsonResponse(200, finances);
    if (path === "/api/v1/tenant/payments/current") return jsonResponse(200, returned);
    if (path === "/api/v1/tenant/finances/direct-debit") return jsonResponse(200, state);
    if (path === "/api/v1/tenant/finances/direct-debit/change-request" && request.method === "POST") {
      state.change_requested_at = "2026-12-10T09:00:00.000Z";
      return jsonResponse(201, { thread_id: "t1", message: "Ihre Anfrage ist bei der Hausverwaltung." });
    }
    if (path === `/api/v1/tenant/payments/${returned.id}/girocode`) return giro();
    return jsonResponse(404, { error: "not_found", message: "?" });
  });
  vi.stubGlobal("fetch", server.fetch);
  return server;
}

function renderFinances() {
  const router = createMemoryRouter([{ path: "/finances", Component: FinancesRoute }], {
    initialEntries: ["/finances"],
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const changePosts = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.method === "POST" && r.url.endsWith("/change-request"));

beforeEach(async () => {
  dismissToast();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-10T10:00:00Z"));
  await resetOfflineState();
  signInAs(TENANT_A);
  client = createQueryClient();
  configureSync({ queryClient: client });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await setManualOffline(false);
});

describe("Überfällig with the GiroCode", () => {
  it("shows the overdue charge, why the debit came back, and its GiroCode with the data to copy", async () => {
    serve();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderFinances();
    const card = await screen.findByTestId("overdue-card");
    expect(within(card).getByRole("heading", { name: "Überfällig" })).toBeInTheDocument();
    expect(within(card).getByTestId("overdue-total")).toHaveTextContent("750,00 €");
    expect(within(card).getByTestId("overdue-return")).toHaveTextContent(
      "Die Lastschrift vom 03. November 2026 wurde zurückgegeben (AC04 – Konto erloschen). Bitte überweisen Sie den Betrag.",
    );
    const image = await within(card).findByRole("img", { name: /^GiroCode: 750,00\s€ an Hausverwaltung Muster GmbH$/ });
    expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(within(card).getByText("Mit Banking-App scannen")).toBeInTheDocument();
    expect(within(card).getByTestId("girocode-IBAN")).toHaveTextContent("DE89 3704 0044 0532 0130 00");
    expect(within(card).getByTestId("girocode-Verwendungszweck")).toHaveTextContent("MP-K7Q2-X9M4 Miete November 2026");
    await userEvent.click(within(card).getByRole("button", { name: "IBAN kopieren" }));
    expect(writeText).toHaveBeenCalledWith("DE89370400440532013000");
    expect(await screen.findByText("IBAN kopiert")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Betrag kopieren" }));
    expect(writeText).toHaveBeenLastCalledWith("750,00");
  });

  it("says in the server's words why there is no GiroCode", async () => {
    const message = "Die Hausverwaltung hat noch kein Konto für Überweisungen hinterlegt. Bitte fragen Sie dort nach.";
    serve({ giro: () => jsonResponse(409, { error: "conflict", message }) });
    renderFinances();
    const card = await screen.findByTestId("overdue-card");
    expect(await within(card).findByText(message)).toBeInTheDocument();
    expect(within(card).getByText("Der GiroCode konnte nicht geladen werden.")).toBeInTheDocument();
  });

  it("marks a charge whose debit is at the bank, and offers the GiroCode on an overdue one", async () => {
    serve();
    renderFinances();
    const rows = await screen.findAllByTestId("payment-row");
    expect(rows[0]).toHaveTextContent("Miete Dezember 2026");
    expect(within(rows[0]!).getByTestId("payment-direct-debit")).toHaveTextContent("Lastschrift eingereicht");
    expect(rows[0]).toHaveTextContent("Einzug am 03. Dezember 2026");
    expect(rows[0]).toHaveTextContent("Ausstehend");
    expect(within(rows[0]!).queryByRole("button", { name: "Mit GiroCode bezahlen" })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("Überfällig");
    expect(within(rows[1]!).getByTestId("payment-return")).toHaveTextContent("AC04 – Konto erloschen");
    const toggle = within(rows[1]!).getByRole("button", { name: "Mit GiroCode bezahlen" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(await within(rows[1]!).findByTestId("girocode")).toBeInTheDocument();
    expect(rows[2]).not.toHaveTextContent("Lastschrift");
  });
});

describe("the mandate card", () => {
  it("shows the masked IBAN and the reference, and sends the change request once with its key", async () => {
    const server = serve();
    renderFinances();
    const card = await screen.findByTestId("mandate-card");
    expect(await within(card).findByTestId("mandate-iban")).toHaveTextContent("DE89 •••• •••• •••• ••30 00");
    expect(within(card).getByTestId("mandate-reference")).toHaveTextContent("MP-K7Q2-X9M4-01");
    expect(within(card).getByText("DE98ZZZ09999999999")).toBeInTheDocument();
    expect(within(card).getByRole("heading", { name: "So ändern Sie Ihre Bankverbindung" })).toBeInTheDocument();
    expect(within(card).getByTestId("mandate-how-to-change")).toHaveTextContent(debit.how_to_change);
    await userEvent.type(
      within(card).getByLabelText("Nachricht an die Hausverwaltung (optional)"),
      "Neues Konto ab Januar",
    );
    await userEvent.click(within(card).getByRole("button", { name: "Neue Bankverbindung anfragen" }));
    expect(await within(card).findByTestId("mandate-change-requested")).toHaveTextContent(
      "Ihre Anfrage vom 10. Dezember 2026 liegt der Hausverwaltung vor.",
    );
    const posts = changePosts(server);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ note: "Neues Konto ab Januar" });
    expect(posts[0]?.idempotencyKey).toEqual(expect.any(String));
    expect(within(card).queryByRole("button", { name: "Neue Bankverbindung anfragen" })).not.toBeInTheDocument();
  });

  it("offline: the request waits in the queue, says so, and is sent exactly once when back online", async () => {
    const server = serve();
    renderFinances();
    const card = await screen.findByTestId("mandate-card");
    await within(card).findByTestId("mandate-iban");
    await setManualOffline(true);
    await userEvent.click(within(card).getByRole("button", { name: "Neue Bankverbindung anfragen" }));
    expect(await within(card).findByTestId("mandate-change-queued")).toHaveTextContent(
      "Ihre Anfrage wartet auf Synchronisierung und wird gesendet, sobald Sie wieder online sind.",
    );
    expect(changePosts(server)).toHaveLength(0);
    const entries = await listEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/tenant/finances/direct-debit/change-request",
      label: "Neue Bankverbindung anfragen",
      status: "pending",
    });
    await act(() => setManualOffline(false));
    await act(async () => {
      await synchronize("reconnect");
      await synchronize("manual");
      await client.refetchQueries({ queryKey: ["/api/v1/tenant/finances/direct-debit"] });
    });
    const posts = changePosts(server);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.idempotencyKey).toBe(entries[0]?.idempotencyKey);
    expect(await within(card).findByTestId("mandate-change-requested")).toBeInTheDocument();
  });
});
