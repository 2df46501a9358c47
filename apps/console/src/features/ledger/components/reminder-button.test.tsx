import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReminderButton } from "./reminder-button";

describe("the payment reminder button (issue 25 item 23)", () => {
  it("has an accessible name that starts with its visible label (voice control: „Erinnern“)", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReminderButton tenancyId="ty1" tenantName="Anna Ahorn" overdue={1200} lastReminderAt={null} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole("button", { name: /Anna Ahorn/ });
    expect(button).toHaveTextContent("Erinnern");
    expect(button.getAttribute("aria-label")).toMatch(/^Erinnern\b/);
    expect(button).toHaveAccessibleName("Erinnern: Zahlungserinnerung an Anna Ahorn");
  });
});
