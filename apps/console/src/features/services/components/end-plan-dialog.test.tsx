import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routeFetch } from "../test-fetch";
import { EndPlanDialog } from "./end-plan-dialog";

const PLAN = {
  id: "4f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
  building_id: "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
  building_name: "Lindenstraße 5",
  service_kind: {
    id: "5f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
    key: "rasen_maehen",
    name: "Rasen mähen",
    category: "nr10" as const,
    checklist: [],
  },
  recurrence: { kind: "monthly" as const, day_of_month: 15 },
  season: { from: "04-01", until: "10-31" },
  window: { start: "08:00", end: "16:00" },
  rest_day_window: null,
  checklist: [],
  team: "Grün",
  responsible_staff_id: null,
  tenant_visible: true,
  valid_from: "2026-04-01",
  valid_until: null,
  predecessor_id: null,
  warnings: [],
};
const END = `POST /staff/service-plans/${PLAN.id}/end`;

async function openDialog(answer: { status: number; body?: unknown }) {
  const calls = routeFetch({ [END]: [answer] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EndPlanDialog plan={PLAN} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Beenden" }));
  await screen.findByRole("dialog", { name: "Rasen mähen: Plan beenden" });
  return { calls, user };
}

describe("ending a plan", () => {
  it("asks for the last day and sends nothing without one", async () => {
    const { calls, user } = await openDialog({ status: 204 });
    await user.clear(screen.getByLabelText("Letzter Tag"));
    await user.click(screen.getByRole("button", { name: "Plan beenden" }));
    const lastDay = screen.getByLabelText("Letzter Tag");
    await waitFor(() => expect(lastDay).toHaveAttribute("aria-invalid", "true"));
    expect(lastDay).toHaveAccessibleDescription(expect.stringContaining("Bitte ein gültiges Datum angeben."));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of a day in the past on the field", async () => {
    const message = "Ein Plan endet frühestens heute. Bitte wählen Sie heute oder einen späteren Tag.";
    const { calls, user } = await openDialog({
      status: 400,
      body: { error: "bad_request", message, fields: { last_day: message } },
    });
    const lastDay = screen.getByLabelText("Letzter Tag");
    await user.clear(lastDay);
    await user.type(lastDay, "2026-01-31");
    await user.click(screen.getByRole("button", { name: "Plan beenden" }));
    await waitFor(() => expect(lastDay).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(calls[0]!.body).toStrictEqual({ last_day: "2026-01-31" });
  });

  it("sends the last day and closes", async () => {
    const { calls, user } = await openDialog({ status: 204 });
    const lastDay = screen.getByLabelText("Letzter Tag");
    await user.clear(lastDay);
    await user.type(lastDay, "2026-12-31");
    await user.click(screen.getByRole("button", { name: "Plan beenden" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls[0]!.body).toStrictEqual({ last_day: "2026-12-31" });
  });
});
