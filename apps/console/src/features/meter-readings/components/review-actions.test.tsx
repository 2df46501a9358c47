import type { StaffMeterReading } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { ReviewActions } from "./review-actions";

const reading: StaffMeterReading = {
  id: "r1",
  reading_date: "2026-11-20",
  submitted_at: "2026-11-20T09:00:00.000Z",
  water_reading: 120,
  electricity_reading: null,
  heating_reading: null,
  lower_than_previous: ["water"],
  previous: { water_reading: 130, electricity_reading: null, heating_reading: null },
  review: null,
  photos: [],
  tenant: { id: "t1", name: "Anna Meyer", email: "anna@example.com", building: null, unit: null },
};

function renderActions(r: StaffMeterReading = reading) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReviewActions reading={r} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const ask = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole("button", { name: "Neue Ablesung anfordern" }));

describe("asking the tenant for a new reading", () => {
  it("starts with the lower-reading message; an emptied message is asked for beside the field", async () => {
    const calls = stubFetch();
    const user = renderActions();
    const message = screen.getByLabelText("Nachricht an den Mieter");
    expect((message as HTMLTextAreaElement).value).toContain("niedriger als Ihre letzte Ablesung");
    await user.clear(message);
    await ask(user);
    await waitFor(() => expect(message).toHaveAttribute("aria-invalid", "true"));
    expect(message).toHaveAccessibleDescription("Die Nachricht ist erforderlich.");
    expect(message).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("sends the trimmed message", async () => {
    const calls = stubFetch({ status: 200, body: { ...reading, review: "renewal_requested" } });
    const user = renderActions({ ...reading, lower_than_previous: [] });
    const message = screen.getByLabelText("Nachricht an den Mieter");
    await user.clear(message);
    await user.type(message, "  Bitte mit Foto. ");
    await ask(user);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe("/api/v1/staff/meter-readings/r1/request-renewal");
    expect(calls[0]!.body).toStrictEqual({ message: "Bitte mit Foto." });
  });
});
