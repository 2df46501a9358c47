import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { routeFetch } from "@/test/route-fetch";
import { BUILDING, creditor, preview, RUN, run } from "../test-data";
import { RunPlanner } from "./run-planner";

function renderPlanner(more: Parameters<typeof routeFetch>[0] = {}) {
  const calls = routeFetch({
    "GET /staff/buildings": [
      {
        status: 200,
        body: [{ id: BUILDING, name: "Lindenstraße 5", address: "Lindenstraße 5, 10115 Berlin", tenant_count: 10 }],
      },
    ],
    "POST /staff/sepa/runs/preview": [{ status: 200, body: preview }],
    ...more,
  });
  // Friday 27 November 2026: two TARGET days of lead time make Tuesday 1 December, five days' notice Wednesday 2 December.
  const router = createMemoryRouter(
    [
      { path: "/lastschrift/neu", element: <RunPlanner today="2026-11-27" settings={creditor} /> },
      { path: "/lastschrift/einzuege/:id", element: <p>Einzug geöffnet</p> },
    ],
    { initialEntries: ["/lastschrift/neu"] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router, user: userEvent.setup() };
}

describe("a new collection run", () => {
  it("starts at the earliest collection date and its month, and previews every due charge", async () => {
    const { calls } = renderPlanner();
    expect(screen.getByLabelText("Einzugsdatum")).toHaveValue("2026-12-02");
    expect(screen.getByLabelText("Monat")).toHaveDisplayValue("Dezember 2026");
    expect(screen.getByText("Frühestens 02.12.2026 (Bankarbeitstag).")).toBeInTheDocument();
    const rows = await screen.findAllByTestId("sepa-charge");
    expect(calls.find((c) => c.url === "/staff/sepa/runs/preview")!.body).toStrictEqual({
      month: "2026-12",
      collection_date: "2026-12-02",
    });
    // What is held back comes first and says why.
    expect(rows[0]).toHaveTextContent("Bernd Schulz");
    expect(rows[0]).toHaveTextContent("Kein SEPA-Mandat – bitte ein unterschriebenes Mandat erfassen.");
    expect(rows[1]).toHaveTextContent("Anna Meyer");
    expect(rows[1]).toHaveTextContent("850,00 €");
    expect(rows[1]).toHaveTextContent("03.12.2026"); // due
    expect(rows[1]).toHaveTextContent("Folgelastschrift (RCUR)");
    expect(rows[1]).toHaveTextContent("DE89 •••• •••• •••• ••30 00");
    const totals = screen.getByTestId("sepa-totals");
    expect(totals).toHaveTextContent("1 Lastschrift · 850,00 €");
    expect(totals).toHaveTextContent("Mit Problem, nicht im Einzug1");
  });

  it("shows the run's problems and creates nothing while there are some", async () => {
    const late = "Das Einzugsdatum ist zu früh: … Frühestens 03.12.2026.";
    renderPlanner({
      "POST /staff/sepa/runs/preview": [{ status: 200, body: { ...preview, problems: [late] } }],
    });
    expect(await screen.findByText(late)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Einzug erstellen" })).toBeDisabled();
    expect(await screen.findByText("Erst die Probleme oben beheben.")).toBeInTheDocument();
  });

  it("takes the server's earliest date while the field is untouched", async () => {
    const { calls } = renderPlanner({
      "POST /staff/sepa/runs/preview": [{ status: 200, body: { ...preview, earliest_collection_date: "2026-12-03" } }],
    });
    await waitFor(() => expect(screen.getByLabelText("Einzugsdatum")).toHaveValue("2026-12-03"));
    expect(screen.getByText("Frühestens 03.12.2026 (Bankarbeitstag).")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/staff/sepa/runs/preview").at(-1)!.body).toMatchObject({
        collection_date: "2026-12-03",
      }),
    );
  });

  it("previews again for another building and creates the run after asking", async () => {
    const { calls, router, user } = renderPlanner({ "POST /staff/sepa/runs": [{ status: 201, body: run }] });
    await screen.findAllByTestId("sepa-charge");
    await user.selectOptions(screen.getByLabelText("Gebäude"), "Lindenstraße 5");
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/staff/sepa/runs/preview").at(-1)!.body).toStrictEqual({
        month: "2026-12",
        building_id: BUILDING,
        collection_date: "2026-12-02",
      }),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Einzug erstellen" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Einzug erstellen" }));
    const ask = await screen.findByRole("alertdialog", { name: "Einzug erstellen?" });
    expect(ask).toHaveTextContent("1 Lastschrift über 850,00 € zum Mittwoch, 02. Dezember 2026.");
    expect(calls.some((c) => c.url === "/staff/sepa/runs")).toBe(false);
    await user.click(within(ask).getByRole("button", { name: "Einzug erstellen" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/lastschrift/einzuege/${RUN}`));
    expect(calls.find((c) => c.url === "/staff/sepa/runs")!.body).toStrictEqual({
      month: "2026-12",
      building_id: BUILDING,
      collection_date: "2026-12-02",
    });
  });

  it("puts the server's refusal of the date on the date field", async () => {
    const message = "Am 05.12.2026 wird nicht gebucht (Wochenende oder TARGET-Feiertag).";
    const { user } = renderPlanner({
      "POST /staff/sepa/runs": [
        { status: 422, body: { error: "validation_failed", message, fields: { collection_date: message } } },
      ],
    });
    await screen.findAllByTestId("sepa-charge");
    await waitFor(() => expect(screen.getByRole("button", { name: "Einzug erstellen" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Einzug erstellen" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Einzug erstellen" }));
    const date = screen.getByLabelText("Einzugsdatum");
    await waitFor(() => expect(date).toHaveAttribute("aria-invalid", "true"));
    expect(date).toHaveAccessibleDescription(expect.stringContaining(message));
  });
});
