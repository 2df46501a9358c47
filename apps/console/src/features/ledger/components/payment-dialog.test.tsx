import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { emptyLedger } from "@/test/ledger-detail";
import { PaymentDialog } from "./payment-dialog";

async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PaymentDialog tenancyId="t1" />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Zahlung erfassen" }));
  return user;
}

describe("recording a payment", () => {
  it("asks for the amount in German beside the field, focuses it and sends nothing", async () => {
    const calls = stubFetch();
    const user = await openDialog();
    await user.type(screen.getByLabelText("Notiz (optional)"), "Bar");
    await user.click(screen.getByRole("button", { name: "Erfassen" }));
    const amount = screen.getByLabelText("Betrag (€)");
    await waitFor(() => expect(amount).toHaveAttribute("aria-invalid", "true"));
    expect(amount).toHaveAccessibleDescription("Bitte einen Betrag in Euro angeben, z. B. 750,00.");
    expect(amount).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("says the contracts' message for a zero amount and an empty date", async () => {
    const calls = stubFetch();
    const user = await openDialog();
    await user.type(screen.getByLabelText("Betrag (€)"), "0,00");
    await user.clear(screen.getByLabelText("Gebucht am"));
    await user.click(screen.getByRole("button", { name: "Erfassen" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Betrag (€)")).toHaveAccessibleDescription("Der Betrag muss größer als 0 sein."),
    );
    expect(screen.getByLabelText("Gebucht am")).toHaveAccessibleDescription(
      "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).",
    );
    expect(calls).toHaveLength(0);
  });

  it("sends the German amount as euros, the date and the trimmed note", async () => {
    const calls = stubFetch({ status: 200, body: emptyLedger });
    const user = await openDialog();
    await user.type(screen.getByLabelText("Betrag (€)"), "1.234,50");
    await user.clear(screen.getByLabelText("Gebucht am"));
    await user.type(screen.getByLabelText("Gebucht am"), "2026-11-20");
    await user.type(screen.getByLabelText("Notiz (optional)"), "  Barzahlung im Büro ");
    await user.click(screen.getByRole("button", { name: "Erfassen" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe("/api/v1/staff/ledger/accounts/t1/payments");
    expect(calls[0]!.body).toStrictEqual({ amount: 1234.5, booked_on: "2026-11-20", note: "Barzahlung im Büro" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("leaves an empty note out and shows the server's field message beside its field", async () => {
    const calls = stubFetch({
      status: 400,
      body: {
        error: "validation_error",
        message: "Bitte prüfen Sie die Eingaben.",
        fields: { booked_on: "Das Datum liegt in der Zukunft." },
      },
    });
    const user = await openDialog();
    await user.type(screen.getByLabelText("Betrag (€)"), "750");
    await user.click(screen.getByRole("button", { name: "Erfassen" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Gebucht am")).toHaveAccessibleDescription("Das Datum liegt in der Zukunft."),
    );
    expect(calls[0]!.body).toStrictEqual({ amount: 750, booked_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(screen.getByRole("alert")).toHaveTextContent("Bitte prüfen Sie die Eingaben.");
  });
});
