import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { routeFetch } from "../test-fetch";
import { KindForm } from "./kind-form";

function renderForm(answer = { status: 201, body: {} as unknown }) {
  const calls = routeFetch({ "POST /staff/services/kinds": [answer] });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <KindForm onDone={onDone} />
    </QueryClientProvider>,
  );
  return { calls, onDone, user: userEvent.setup() };
}

describe("a service of the company's own", () => {
  it("asks for the name and the Betriebskostenart and sends nothing", async () => {
    const { calls, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Leistung anlegen" }));
    const name = screen.getByLabelText("Name der Leistung");
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
    expect(name).toHaveAccessibleDescription("Bitte geben Sie den Namen der Leistung an.");
    expect(screen.getByLabelText("Betriebskostenart")).toHaveAccessibleDescription(
      "Bitte wählen Sie die Betriebskostenart.",
    );
    expect(calls).toHaveLength(0);
  });

  it("sends the trimmed name, the category and the checklist's lines", async () => {
    const { calls, onDone, user } = renderForm({
      status: 201,
      body: {
        id: "9d1c4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
        key: "9d1c4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
        name: "Dachrinne reinigen",
        category: "nr14",
        checklist: ["Laub entfernt", "Fallrohr frei"],
      },
    });
    await user.type(screen.getByLabelText("Name der Leistung"), " Dachrinne reinigen ");
    await user.selectOptions(screen.getByLabelText("Betriebskostenart"), "nr14");
    await user.type(screen.getByLabelText("Checkliste (optional)"), "Laub entfernt{Enter}{Enter} Fallrohr frei ");
    await user.click(screen.getByRole("button", { name: "Leistung anlegen" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]!.body).toStrictEqual({
      name: "Dachrinne reinigen",
      category: "nr14",
      checklist: ["Laub entfernt", "Fallrohr frei"],
    });
  });

  it("shows the server's refusal of a duplicate on the name", async () => {
    const message = "Eine Leistung mit diesem Namen gibt es schon.";
    const { user } = renderForm({ status: 400, body: { error: "bad_request", message, fields: { name: message } } });
    await user.type(screen.getByLabelText("Name der Leistung"), "Rasen mähen");
    await user.selectOptions(screen.getByLabelText("Betriebskostenart"), "nr10");
    await user.click(screen.getByRole("button", { name: "Leistung anlegen" }));
    await waitFor(() => expect(screen.getByLabelText("Name der Leistung")).toHaveAccessibleDescription(message));
  });
});
