import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { routeFetch } from "@/test/route-fetch";
import { returned } from "../test-data";
import { ReturnsList } from "./returns-list";

function renderList(items: unknown[], more: Parameters<typeof routeFetch>[0] = {}) {
  const calls = routeFetch({
    "GET /staff/sepa/returns": [{ status: 200, body: { items, next_cursor: null } }],
    ...more,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ReturnsList building={null} feeOpen={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe("returned direct debits", () => {
  it("shows the reason in German and the fee waiting for a decision", async () => {
    renderList([returned, { ...returned, id: "00000000-0000-4000-8000-000000000072", fee: 0, fee_decision: "none" }]);
    const [first, second] = await screen.findAllByTestId("sepa-return");
    expect(first).toHaveTextContent("Grund: AC04 – Konto erloschen · gebucht am 07.12.2026");
    expect(first).toHaveTextContent("Gebühr der Bank: 3,50 €");
    expect(first).toHaveTextContent("Gebühr offen");
    expect(within(first!).getByRole("link", { name: "Anna Meyer" })).toBeInTheDocument();
    expect(within(first!).getByRole("link", { name: "Nachricht an den Mieter" })).toBeInTheDocument();
    expect(second).toHaveTextContent("Gebühr der Bank: keine");
    expect(within(second!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("passes the fee on, or not", async () => {
    const { calls, user } = renderList([returned], {
      [`POST /staff/sepa/returns/${returned.id}/fee`]: [
        { status: 200, body: { ...returned, fee_decision: "passed_on" } },
        { status: 200, body: { ...returned, fee_decision: "waived" } },
      ],
    });
    await user.click(await screen.findByRole("button", { name: /^Gebühr weiterberechnen: 3,50\s€ an Anna Meyer$/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")!.body).toStrictEqual({ pass_on: true });
    await user.click(screen.getByRole("button", { name: /^Nicht weiterberechnen: 3,50\s€ von Anna Meyer$/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "POST")[1]!.body).toStrictEqual({ pass_on: false });
  });
});
