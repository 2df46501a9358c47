import { addMonths, appointmentDateProblem, dayOfWeek, publicHolidayOn } from "@mieter-portal/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { berlinToday } from "@/lib/format";
import { createQueryClient } from "@/lib/query-client";
import { appointmentAnswer } from "@/test/answers";
import { AppointmentRequestForm } from "./appointment-request-form";

function renderForm(props: Parameters<typeof AppointmentRequestForm>[0] = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AppointmentRequestForm {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
}

function inDays(days: number): string {
  const today = berlinToday();
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day at least `days` days ahead that the request form accepts, whatever weekday it is today. */
function workingDay(days: number): string {
  let offset = days;
  while (appointmentDateProblem(inDays(offset), berlinToday())) offset++;
  return inDays(offset);
}

/** The next Sunday that is no public holiday (a holiday would be named instead). */
function plainSunday(): string {
  let offset = 1;
  while (dayOfWeek(inDays(offset)) !== 0 || publicHolidayOn(inDays(offset), "BE")) offset++;
  return inDays(offset);
}

async function fillAllBut(date: string) {
  await userEvent.selectOptions(screen.getByLabelText("Art des Termins"), "consultation");
  fireEvent.change(screen.getByLabelText("Datum"), { target: { value: date } });
  await userEvent.click(screen.getByRole("radio", { name: /^Vormittag/ }));
}

beforeEach(() => {
  // Toasts live in a module-level store; start each test without the previous test's toast.
  dismissToast();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AppointmentRequestForm", () => {
  it("shows every slot with its hours and the German types", () => {
    renderForm();
    expect(screen.getByRole("radio", { name: "Vormittag (8-12 Uhr)" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Nachmittag (12-16 Uhr)" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Abend (16-18 Uhr)" })).toBeInTheDocument();
    const type = screen.getByLabelText("Art des Termins");
    expect([...type.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Bitte wählen",
      "Beratung",
      "Besichtigung",
      "Reparatur",
      "Sonstiges",
    ]);
    // From tomorrow up to 6 months ahead (Berlin).
    expect(screen.getByLabelText("Datum")).toHaveAttribute("min", inDays(1));
    expect(screen.getByLabelText("Datum")).toHaveAttribute("max", addMonths(berlinToday(), 6));
  });

  it("sends nothing and says 'Fehlende Angaben' when required fields are empty", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Termin anfragen" }));
    expect(await screen.findByText("Fehlende Angaben")).toBeInTheDocument();
    expect(screen.getByText("Bitte füllen Sie alle Pflichtfelder aus.")).toBeInTheDocument();
    expect(screen.getByLabelText("Art des Termins")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Datum")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("radio", { name: "Abend (16-18 Uhr)" })).toHaveAttribute("aria-invalid", "true");
    // The first missing field on the screen gets the focus.
    expect(screen.getByLabelText("Art des Termins")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a date in the past without the missing-fields toast", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    await fillAllBut(inDays(-1));
    await userEvent.click(screen.getByRole("button", { name: "Termin anfragen" }));
    expect(await screen.findByText("Das Datum darf nicht in der Vergangenheit liegen.")).toBeInTheDocument();
    expect(screen.getByLabelText("Datum")).toHaveAttribute("aria-describedby", expect.stringContaining("-error"));
    expect(screen.queryByText("Fehlende Angaben")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ["a Sunday", plainSunday, "Bitte wählen Sie einen Werktag (Montag bis Freitag)."],
    ["today", () => inDays(0), "Termine können frühestens für morgen angefragt werden."],
    ["more than 6 months ahead", () => inDays(200), "Termine können höchstens 6 Monate im Voraus angefragt werden."],
  ])("says why %s cannot be asked for under the date field and sends nothing", async (_case, date, message) => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    await fillAllBut(date());
    await userEvent.click(screen.getByRole("button", { name: "Termin anfragen" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("Datum")).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText("Datum")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("Fehlende Angaben")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts type, date, timeSlot and notes, says 'Termin angefragt' and clears the form", async () => {
    const date = workingDay(3);
    const fetchMock = vi.fn(async () => Response.json(appointmentAnswer, { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    const onSubmitted = vi.fn();
    renderForm({ onSubmitted });
    await userEvent.selectOptions(screen.getByLabelText("Art des Termins"), "inspection");
    fireEvent.change(screen.getByLabelText("Datum"), { target: { value: date } });
    await userEvent.click(screen.getByRole("radio", { name: /^Abend/ }));
    await userEvent.type(screen.getByLabelText("Anmerkungen (optional)"), "  Bitte vorher anrufen ");
    await userEvent.click(screen.getByRole("button", { name: "Termin anfragen" }));

    expect(await screen.findByText("Termin angefragt")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/tenant/appointments");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Idempotency-Key")).toBeTruthy();
    expect(JSON.parse(String(init.body))).toEqual({
      type: "inspection",
      date,
      timeSlot: "evening",
      notes: "Bitte vorher anrufen",
    });
    await waitFor(() => expect(screen.getByLabelText("Art des Termins")).toHaveValue(""));
    expect(screen.getByLabelText("Datum")).toHaveValue("");
    expect(screen.getByRole("radio", { name: /^Abend/ })).not.toBeChecked();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it("shows the spec's failure text when the server refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "server_error", message: "Kaputt" }, { status: 500 })),
    );
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText("Art des Termins"), "other");
    fireEvent.change(screen.getByLabelText("Datum"), { target: { value: workingDay(1) } });
    await userEvent.click(screen.getByRole("radio", { name: /^Nachmittag/ }));
    await userEvent.click(screen.getByRole("button", { name: "Termin anfragen" }));
    expect(await screen.findByText(/^Ihre Terminanfrage konnte nicht übermittelt werden/)).toBeInTheDocument();
    // The tenant's input stays for another try.
    expect(screen.getByLabelText("Art des Termins")).toHaveValue("other");
  });

  it("shows the server's reason under the date field when it refuses the date", async () => {
    const message = "Termine können frühestens für morgen angefragt werden.";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({ error: "validation_failed", message, fields: { date: message } }, { status: 400 }),
      ),
    );
    renderForm();
    await fillAllBut(workingDay(1));
    await userEvent.click(screen.getByRole("button", { name: "Termin anfragen" }));
    await waitFor(() => expect(screen.getByLabelText("Datum")).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText("Datum")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("Fehlende Angaben")).not.toBeInTheDocument();
  });

  it("is filled from the appointment being moved and focuses the date", async () => {
    renderForm({
      prefill: {
        id: "a1",
        title: "Rauchmelderwartung",
        values: { type: "inspection", date: "", timeSlot: "morning", notes: "Hund im Haus" },
      },
    });
    expect(screen.getByTestId("reschedule-note")).toHaveTextContent("Rauchmelderwartung");
    await waitFor(() => expect(screen.getByLabelText("Art des Termins")).toHaveValue("inspection"));
    expect(screen.getByRole("radio", { name: /^Vormittag/ })).toBeChecked();
    expect(screen.getByLabelText("Anmerkungen (optional)")).toHaveValue("Hund im Haus");
    await waitFor(() => expect(screen.getByLabelText("Datum")).toHaveFocus());
  });
});
