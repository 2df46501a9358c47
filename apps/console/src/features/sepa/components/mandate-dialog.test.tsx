import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { routeFetch } from "@/test/route-fetch";
import { activeMandate, TENANCY } from "../test-data";
import { MandateForm } from "./mandate-dialog";

function renderForm(answers: { status: number; body?: unknown }[], active = null as typeof activeMandate | null) {
  const calls = routeFetch({ "POST /staff/sepa/mandates": answers });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MandateForm tenancyId={TENANCY} tenantName="Anna Meyer" active={active} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { calls, onDone, user: userEvent.setup() };
}

const conflict = {
  status: 409,
  body: { error: "conflict", message: "Für dieses Mietverhältnis gibt es bereits ein aktives Mandat." },
};

describe("Mandat erfassen", () => {
  it("refuses a wrong IBAN and an empty signature date in German, sends nothing", async () => {
    const { calls, user } = renderForm([]);
    await user.clear(screen.getByLabelText("Unterschrieben am"));
    await user.type(screen.getByLabelText("IBAN"), "DE89 3704 0044 0532 0130 01");
    await user.click(screen.getByRole("button", { name: "Mandat speichern" }));
    const iban = screen.getByLabelText("IBAN");
    await waitFor(() => expect(iban).toHaveAttribute("aria-invalid", "true"));
    expect(iban).toHaveAccessibleDescription(expect.stringContaining("Bitte eine gültige IBAN angeben"));
    expect(screen.getByLabelText("Unterschrieben am")).toHaveAccessibleDescription(
      expect.stringContaining("Bitte das Datum der Unterschrift angeben."),
    );
    expect(calls).toHaveLength(0);
  });

  it("sends the mandate of a tenancy without one: the IBAN compact, the Kontoinhaber the tenant", async () => {
    const { calls, onDone, user } = renderForm([{ status: 201, body: activeMandate }]);
    const signed = screen.getByLabelText("Unterschrieben am");
    await user.clear(signed);
    await user.type(signed, "2026-11-20");
    await user.type(screen.getByLabelText("IBAN"), "de89 3704 0044 0532 0130 00");
    await user.click(screen.getByRole("button", { name: "Mandat speichern" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]!.body).toStrictEqual({
      tenancy_id: TENANCY,
      signed_on: "2026-11-20",
      debtor_name: "Anna Meyer",
      iban: "DE89370400440532013000",
      bic: null,
    });
  });

  it("asks before replacing the active mandate, then sends replace", async () => {
    const { calls, onDone, user } = renderForm([{ status: 201, body: activeMandate }], activeMandate);
    await user.type(screen.getByLabelText("IBAN"), "DE02120300000000202051");
    await user.click(screen.getByRole("button", { name: "Mandat speichern" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Das aktive Mandat MP-K7Q2-X9M4-01 (unterschrieben am 15.01.2026) wird widerrufen und durch das neue ersetzt.",
    );
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Mandat ersetzen" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ iban: "DE02120300000000202051", replace: true });
  });

  it("asks too when someone else recorded a mandate meanwhile (409)", async () => {
    const { calls, user } = renderForm([conflict, { status: 201, body: activeMandate }]);
    await user.type(screen.getByLabelText("IBAN"), "DE02120300000000202051");
    await user.click(screen.getByRole("button", { name: "Mandat speichern" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("inzwischen ein aktives Mandat erfasst");
    await user.click(screen.getByRole("button", { name: "Mandat ersetzen" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toMatchObject({ replace: true });
  });
});
