import type { LedgerAccount, UnmatchedLine } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/format";
import { stubFetch } from "@/test/fetch";
import { emptyLedger } from "@/test/ledger-detail";
import { AssignDialog } from "./assign-dialog";

const line: UnmatchedLine = {
  id: "l1",
  booked_on: "2026-11-03",
  amount: 1500,
  source: "csv",
  payer_name: "Hausgemeinschaft",
  payer_iban: null,
  remittance: "Miete November",
  reason: null,
  created_at: "2026-11-04T08:00:00.000Z",
  suggested_tenancy_id: null,
  suggested_tenant_name: null,
};

const account = (n: number, name: string): LedgerAccount => ({
  ...emptyLedger.account,
  tenancy_id: `00000000-0000-4000-8000-00000000001${n}`,
  tenant_name: name,
  reference: `MP-000${n}`,
});
const found = {
  status: 200,
  body: { items: [account(1, "Anna Meyer"), account(2, "Jonas Meyer")], next_cursor: null },
};

async function splitInTwo(calls: { url: string }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AssignDialog line={line} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: `${formatMoney(1500)} zuordnen` }));
  await user.click(screen.getByLabelText("Auf mehrere Mietkonten aufteilen"));
  await user.type(screen.getByLabelText("Mietkonto suchen"), "Meyer");
  await waitFor(() => expect(calls).toHaveLength(1));
  for (const add of await screen.findAllByRole("button", { name: "Als Teil hinzufügen" })) await user.click(add);
  return user;
}

describe("splitting a statement line", () => {
  it("says beside a part's amount when it is no amount, focuses it and sends nothing", async () => {
    const calls = stubFetch(found);
    const user = await splitInTwo(calls);
    await user.type(screen.getByLabelText("Betrag für Anna Meyer"), "750");
    await user.type(screen.getByLabelText("Betrag für Jonas Meyer"), "sieben");
    await user.click(screen.getByRole("button", { name: "Aufteilen und buchen" }));
    const second = screen.getByLabelText("Betrag für Jonas Meyer");
    await waitFor(() => expect(second).toHaveAttribute("aria-invalid", "true"));
    expect(second).toHaveAccessibleDescription("Bitte geben Sie einen Betrag in Euro an.");
    expect(second).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it("says when the parts do not add up to the line and sends nothing", async () => {
    const calls = stubFetch(found);
    const user = await splitInTwo(calls);
    await user.type(screen.getByLabelText("Betrag für Anna Meyer"), "750");
    await user.type(screen.getByLabelText("Betrag für Jonas Meyer"), "700");
    expect(screen.getByTestId("split-sum").textContent).toBe(
      `Summe der Teile: ${formatMoney(1450)} von ${formatMoney(1500)}`,
    );
    await user.click(screen.getByRole("button", { name: "Aufteilen und buchen" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      `Die Teile ergeben ${formatMoney(1450)}, die Buchung beträgt ${formatMoney(1500)}. Bitte korrigieren Sie die Beträge.`,
    );
    expect(calls).toHaveLength(1);
  });

  it("sends the parts with their German amounts as euros", async () => {
    // The booking refreshes the whole ledger, the search's list too.
    const calls = stubFetch(found, { status: 200, body: emptyLedger }, found);
    const user = await splitInTwo(calls);
    await user.type(screen.getByLabelText("Betrag für Anna Meyer"), "750,50");
    await user.type(screen.getByLabelText("Betrag für Jonas Meyer"), "749,50");
    await user.click(screen.getByRole("button", { name: "Aufteilen und buchen" }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]!.url).toBe("/api/v1/staff/ledger/unmatched/l1/assign");
    expect(calls[1]!.body).toStrictEqual({
      parts: [
        { tenancy_id: account(1, "").tenancy_id, amount: 750.5 },
        { tenancy_id: account(2, "").tenancy_id, amount: 749.5 },
      ],
    });
  });
});
