import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { emptyLedger } from "@/test/ledger-detail";
import { RentChangeDialog } from "./rent-change-dialog";

async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RentChangeDialog tenancyId="t1" />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Miete ändern" }));
  return user;
}

describe("changing the rent", () => {
  it("asks for both amounts in German beside their fields, focuses the first and sends nothing", async () => {
    const calls = stubFetch();
    const user = await openDialog();
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    const base = screen.getByLabelText("Kaltmiete (€)");
    await waitFor(() => expect(base).toHaveAttribute("aria-invalid", "true"));
    expect(base).toHaveAccessibleDescription("Bitte die Kaltmiete in Euro angeben, z. B. 600,00.");
    expect(screen.getByLabelText("Nebenkosten (€)")).toHaveAccessibleDescription(
      "Bitte die Nebenkosten in Euro angeben, z. B. 200,00.",
    );
    expect(base).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("says beside the date that a change starts on the first of a month", async () => {
    const calls = stubFetch();
    const user = await openDialog();
    const from = screen.getByLabelText("Gültig ab");
    expect((from as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-01$/);
    await user.clear(from);
    await user.type(from, "2027-01-15");
    await user.type(screen.getByLabelText("Kaltmiete (€)"), "600");
    await user.type(screen.getByLabelText("Nebenkosten (€)"), "200");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(from).toHaveAccessibleDescription("Eine Mietänderung gilt ab dem Ersten eines Monats."));
    expect(from).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("sends the German amounts as euros", async () => {
    const calls = stubFetch({ status: 200, body: emptyLedger });
    const user = await openDialog();
    await user.clear(screen.getByLabelText("Gültig ab"));
    await user.type(screen.getByLabelText("Gültig ab"), "2027-01-01");
    await user.type(screen.getByLabelText("Kaltmiete (€)"), "612,50");
    await user.type(screen.getByLabelText("Nebenkosten (€)"), "0");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe("/api/v1/staff/ledger/accounts/t1/rent-changes");
    expect(calls[0]!.body).toStrictEqual({ effective_from: "2027-01-01", base_rent: 612.5, utilities: 0 });
  });
});
