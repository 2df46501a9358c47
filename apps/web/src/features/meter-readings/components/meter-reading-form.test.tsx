import { addDays, addMonths, type MeterReading } from "@mieter-portal/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { berlinToday } from "@/lib/format";
import { createQueryClient } from "@/lib/query-client";
import { meterReadingAnswer } from "@/test/answers";
import { MeterReadingForm } from "./meter-reading-form";

const history: MeterReading[] = [
  {
    id: "r2",
    reading_date: "2025-12-30",
    submitted_at: "2025-12-30T17:20:00.000Z",
    water_reading: 397.114,
    electricity_reading: 18585.8,
    heating_reading: 60822,
    photos: [],
  },
  {
    id: "r1",
    reading_date: "2024-12-30",
    submitted_at: "2024-12-30T17:20:00.000Z",
    water_reading: 355.877,
    electricity_reading: 16390.1,
    heating_reading: 54625,
    photos: [],
  },
];

function renderForm(response: () => Response = () => Response.json(meterReadingAnswer, { status: 201 })) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MeterReadingForm userId="user-1" readings={history} />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof renderForm>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

describe("MeterReadingForm", () => {
  it("defaults the reading date to today in Berlin and has a photo picker per meter", () => {
    renderForm();
    expect(screen.getByLabelText("Ablesedatum")).toHaveValue(berlinToday());
    for (const name of ["Foto Wasserzähler", "Foto Stromzähler", "Foto Heizungszähler"]) {
      expect(screen.getByRole("group", { name })).toBeInTheDocument();
    }
  });

  it("offers reading dates from 12 months back up to today and explains a date outside them", async () => {
    const fetchMock = renderForm();
    const date = screen.getByLabelText("Ablesedatum");
    expect(date).toHaveAttribute("min", addMonths(berlinToday(), -12));
    expect(date).toHaveAttribute("max", berlinToday());
    await userEvent.type(screen.getByLabelText("Wasser (m³)"), "400");
    for (const [value, message] of [
      [addDays(addMonths(berlinToday(), -12), -1), "Das Ablesedatum darf höchstens 12 Monate zurückliegen."],
      [addDays(berlinToday(), 1), "Das Ablesedatum darf nicht in der Zukunft liegen."],
    ] as const) {
      fireEvent.change(date, { target: { value } });
      await userEvent.click(screen.getByRole("button", { name: "Zählerstände senden" }));
      await waitFor(() => expect(date).toHaveAccessibleDescription(message));
      expect(date).toHaveAttribute("aria-invalid", "true");
    }
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("asks for at least one value and sends nothing", async () => {
    const fetchMock = renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Zählerstände senden" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Bitte geben Sie mindestens einen Zählerstand an.");
    expect(screen.getByLabelText("Wasser (m³)")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Wasser (m³)")).toHaveFocus();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("explains an unreadable value at the field", async () => {
    const fetchMock = renderForm();
    await userEvent.type(screen.getByLabelText("Strom (kWh)"), "12,3,4");
    await userEvent.click(screen.getByRole("button", { name: "Zählerstände senden" }));
    expect(screen.getByLabelText("Strom (kWh)")).toHaveAccessibleDescription(
      "Bitte geben Sie eine Zahl ein, z. B. 1234,567.",
    );
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("warns when a value is lower than the last reading and sends it only once confirmed (issue 12)", async () => {
    const fetchMock = renderForm();
    await userEvent.type(screen.getByLabelText("Wasser (m³)"), "100");
    const hint = await screen.findByTestId("plausibility-water");
    expect(hint).toHaveTextContent("Bitte prüfen Sie den Wert");
    expect(hint).toHaveTextContent("niedriger als Ihr letzter Stand (397,114 m³ am 30. Dezember 2025)");
    expect(screen.getByLabelText("Wasser (m³)")).toHaveAccessibleDescription(/Bitte prüfen Sie den Wert/);

    await userEvent.click(screen.getByRole("button", { name: "Zählerstände senden" }));
    const ask = await screen.findByRole("alertdialog", { name: "Niedrigeren Zählerstand bestätigen" });
    expect(ask).toHaveTextContent("Wasser: 100 m³ – Ihr letzter Stand war 397,114 m³ am 30. Dezember 2025.");
    // The safe choice comes first.
    const buttons = within(ask).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Wert korrigieren", "Wert bestätigen und senden"]);
    expect(posts(fetchMock)).toHaveLength(0);

    await userEvent.click(within(ask).getByRole("button", { name: "Wert bestätigen und senden" }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toMatchObject({ waterReading: 100, confirmLower: true });
    expect(await screen.findByText("Zählerstände gemeldet")).toBeInTheDocument();
  });

  it("'Wert korrigieren' sends nothing and returns to the lower value's field", async () => {
    const fetchMock = renderForm();
    await userEvent.type(screen.getByLabelText("Strom (kWh)"), "18600");
    await userEvent.type(screen.getByLabelText("Heizung (kWh)"), "100");
    await userEvent.click(screen.getByRole("button", { name: "Zählerstände senden" }));
    const ask = await screen.findByRole("alertdialog");
    expect(ask).toHaveTextContent("Heizung: 100 kWh – Ihr letzter Stand war 60.822 kWh am 30. Dezember 2025.");
    expect(ask).not.toHaveTextContent("Strom:");
    await userEvent.click(within(ask).getByRole("button", { name: "Wert korrigieren" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText("Heizung (kWh)")).toHaveFocus());
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("asks too when the server knew of a higher reading the app had not loaded", async () => {
    let call = 0;
    const fetchMock = renderForm(() => {
      call += 1;
      if (call > 1) return Response.json(meterReadingAnswer, { status: 201 });
      return Response.json(
        {
          error: "reading_lower_unconfirmed",
          message:
            "Der Zählerstand Wasser ist niedriger als Ihr letzter Stand. Bitte prüfen Sie den Wert und bestätigen Sie ihn ausdrücklich, wenn er stimmt (z. B. nach einem Zählertausch).",
          fields: { waterReading: "Niedriger als Ihr letzter Stand: bitte prüfen und ausdrücklich bestätigen." },
        },
        { status: 400 },
      );
    });
    await userEvent.type(screen.getByLabelText("Wasser (m³)"), "400");
    await userEvent.click(screen.getByRole("button", { name: "Zählerstände senden" }));
    const ask = await screen.findByRole("alertdialog");
    expect(ask).toHaveTextContent("Der Zählerstand Wasser ist niedriger als Ihr letzter Stand.");
    await userEvent.click(within(ask).getByRole("button", { name: "Wert bestätigen und senden" }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(2));
    expect(JSON.parse(String(posts(fetchMock)[1]?.[1]?.body))).toMatchObject({ waterReading: 400, confirmLower: true });
  });

  it("warns about a jump far beyond the usual consumption", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText("Heizung (kWh)"), "608220");
    expect(await screen.findByTestId("plausibility-heating")).toHaveTextContent(/üblich sind in dieser Zeit etwa/);
    await userEvent.clear(screen.getByLabelText("Heizung (kWh)"));
    await userEvent.type(screen.getByLabelText("Heizung (kWh)"), "60900");
    expect(screen.queryByTestId("plausibility-heating")).not.toBeInTheDocument();
  });

  it("sends German input as numbers through the central mutation path, toasts and resets", async () => {
    const fetchMock = renderForm();
    await userEvent.type(screen.getByLabelText("Wasser (m³)"), "400,25");
    await userEvent.type(screen.getByLabelText("Strom (kWh)"), "18.700,5");
    await userEvent.click(screen.getByRole("button", { name: "Zählerstände senden" }));

    expect(await screen.findByText("Zählerstände gemeldet")).toBeInTheDocument();
    const [post] = posts(fetchMock);
    expect(String(post?.[0])).toBe("/api/v1/tenant/meter-readings");
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      waterReading: 400.25,
      electricityReading: 18700.5,
      heatingReading: null,
      readingDate: berlinToday(),
      user_id: "user-1",
      photos: { waterMeterPhoto: null, electricityMeterPhoto: null, heatingMeterPhoto: null },
    });
    await waitFor(() => expect(screen.getByLabelText("Wasser (m³)")).toHaveValue(""));
    expect(screen.getByLabelText("Strom (kWh)")).toHaveValue("");
  });

  it("shows the spec's failure texts and the server's field message", async () => {
    renderForm(() =>
      Response.json(
        {
          error: "validation_failed",
          message: "Das Ablesedatum darf nicht in der Zukunft liegen.",
          fields: { readingDate: "Das Ablesedatum darf nicht in der Zukunft liegen." },
        },
        { status: 400 },
      ),
    );
    await userEvent.type(screen.getByLabelText("Wasser (m³)"), "400");
    await userEvent.click(screen.getByRole("button", { name: "Zählerstände senden" }));
    expect(await screen.findByText("Fehler")).toBeInTheDocument();
    expect(
      screen.getByText("Ihre Zählerstände konnten nicht übermittelt werden. Bitte versuchen Sie es später erneut."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Ablesedatum")).toHaveAccessibleDescription(
      "Das Ablesedatum darf nicht in der Zukunft liegen.",
    );
    expect(screen.getByLabelText("Wasser (m³)")).toHaveValue("400");
  });
});
