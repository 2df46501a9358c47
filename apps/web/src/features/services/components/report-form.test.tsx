import type { TenantService } from "@mieter-portal/contracts/services";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { ReportForm } from "./report-form";
import { VisitRating } from "./visit-rating";

// Issue 27 §3: "Leistung fehlt" — which service, which day (the last 30), what was missing — and a
// rating of the last visit; both sent through the app's one change path (queued offline).

const STAIRS = "00000000-0000-4000-8000-000000000002";
const services: TenantService[] = [
  {
    service_kind_id: STAIRS,
    key: "treppenhausreinigung",
    name: "Treppenhausreinigung",
    last_done: null,
    next_planned: null,
  },
];

function stubFetch(answer: unknown = {}, status = 201) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(answer, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderWith(element: React.ReactElement) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {element}
      <Toaster />
    </QueryClientProvider>,
  );
}

const reportAnswer = {
  id: "00000000-0000-4000-8000-0000000000aa",
  service_kind_id: STAIRS,
  service_name: "Treppenhausreinigung",
  date: "2026-11-24",
  text: "Nicht gewischt.",
  thread_id: "00000000-0000-4000-8000-0000000000bb",
  photos: [],
  created_at: "2026-11-28T10:00:00.000Z",
};

beforeEach(() => {
  dismissToast();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-28T10:00:00Z"));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("Leistung fehlt", () => {
  it("says what is missing beside each field, focuses the first and sends nothing", async () => {
    const fetchMock = stubFetch(reportAnswer);
    renderWith(<ReportForm services={services} />);
    await userEvent.click(screen.getByRole("button", { name: "Meldung senden" }));
    expect(await screen.findByText("Fehlende Angaben")).toBeInTheDocument();
    expect(screen.getByLabelText("Leistung")).toHaveAccessibleDescription("Bitte wählen Sie die Leistung.");
    expect(screen.getByLabelText("Leistung")).toHaveFocus();
    expect(screen.getByLabelText("Was fehlte oder war nicht in Ordnung?")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a day in the future or more than 30 days back with the server's words", async () => {
    stubFetch(reportAnswer);
    renderWith(<ReportForm services={services} initialServiceId={STAIRS} />);
    const date = screen.getByLabelText("An welchem Tag?");
    expect(date).toHaveValue("2026-11-28");
    expect(date).toHaveAttribute("max", "2026-11-28");
    expect(date).toHaveAttribute("min", "2026-10-29");
    await userEvent.clear(date);
    await userEvent.type(date, "2026-11-29");
    await userEvent.type(screen.getByLabelText("Was fehlte oder war nicht in Ordnung?"), "Nicht gewischt.");
    await userEvent.click(screen.getByRole("button", { name: "Meldung senden" }));
    expect(await screen.findByText("Das Datum darf nicht in der Zukunft liegen.")).toBeInTheDocument();
    await userEvent.clear(date);
    await userEvent.type(date, "2026-10-20");
    await userEvent.click(screen.getByRole("button", { name: "Meldung senden" }));
    expect(await screen.findByText("Bitte melden Sie nur, was in den letzten 30 Tagen fehlte.")).toBeInTheDocument();
  });

  it("sends the report with its Idempotency-Key and says the management answers under Nachrichten", async () => {
    const fetchMock = stubFetch(reportAnswer);
    const sent = vi.fn();
    renderWith(<ReportForm services={services} initialServiceId={STAIRS} onSent={sent} />);
    const date = screen.getByLabelText("An welchem Tag?");
    await userEvent.clear(date);
    await userEvent.type(date, "2026-11-24");
    await userEvent.type(screen.getByLabelText("Was fehlte oder war nicht in Ordnung?"), "Nicht gewischt.");
    await userEvent.click(screen.getByRole("button", { name: "Meldung senden" }));
    expect(await screen.findByText("Meldung gesendet")).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toBe("/api/v1/tenant/services/reports");
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      service_kind_id: STAIRS,
      date: "2026-11-24",
      text: "Nicht gewischt.",
      photos: [],
    });
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
  });
});

describe("rating a visit", () => {
  it("sends the tapped stars and shows them as the tenant's rating", async () => {
    const visit = "00000000-0000-4000-8000-0000000000cc";
    const fetchMock = stubFetch({ visit_id: visit, stars: 4, comment: null, updated_at: "2026-11-28T10:00:00.000Z" });
    renderWith(<VisitRating visitId={visit} serviceName="Treppenhausreinigung" stars={null} />);
    expect(screen.getByRole("group", { name: "Treppenhausreinigung bewerten" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "4 Sterne" }));
    expect(await screen.findByText("Danke für Ihre Bewertung")).toBeInTheDocument();
    expect(screen.getByText("Ihre Bewertung: 4 von 5 Sternen")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "4 Sterne" })).toHaveAttribute("aria-pressed", "true");
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toBe(`/api/v1/tenant/services/visits/${visit}/rating`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ stars: 4, comment: null });
  });
});
