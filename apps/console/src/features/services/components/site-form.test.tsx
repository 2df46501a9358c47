import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routeFetch } from "../test-fetch";
import { SiteForm } from "./site-form";

const BUILDING = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";
const SAVED = { building_id: BUILDING, latitude: 52.5163, longitude: 13.3777, tolerance_m: 150 };

/** The form over the saved site: `saved` answers GET …/site (null: none yet; several: in turn). */
async function renderForm(saved: (typeof SAVED | null)[] = [null]) {
  const calls = routeFetch({
    [`GET /staff/buildings/${BUILDING}/site`]: saved.map((body) => ({ status: 200, body })),
    [`PUT /staff/buildings/${BUILDING}/site`]: [{ status: 200, body: SAVED }],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteForm buildingId={BUILDING} />
    </QueryClientProvider>,
  );
  await screen.findByRole("button", { name: "Lage speichern" });
  return { calls, user: userEvent.setup(), writes: () => calls.filter((c) => c.method !== "GET") };
}

describe("where the house is", () => {
  it("says that no position is saved yet, with empty coordinates and the default radius", async () => {
    await renderForm([null]);
    expect(screen.getByText(/^Noch kein Standort gespeichert\./)).toBeInTheDocument();
    expect(screen.getByLabelText("Breitengrad")).toHaveValue("");
    expect(screen.getByLabelText("Längengrad")).toHaveValue("");
    expect(screen.getByLabelText("Toleranz in m")).toHaveValue("100");
  });

  it("shows the saved position in German decimals and the saved radius", async () => {
    await renderForm([{ ...SAVED, latitude: 52.5163, longitude: -0.1276, tolerance_m: 2000 }]);
    expect(screen.getByLabelText("Breitengrad")).toHaveValue("52,5163");
    expect(screen.getByLabelText("Längengrad")).toHaveValue("-0,1276");
    expect(screen.getByLabelText("Toleranz in m")).toHaveValue("2000");
    expect(
      screen.getByText(
        "Gespeichert: Breite 52,5163, Länge -0,1276, Umkreis 2.000 m. Ein Speichern ersetzt die Angaben.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Noch kein Standort gespeichert/)).not.toBeInTheDocument();
  });

  it("says so when the saved position cannot be read, and offers to try again", async () => {
    routeFetch({
      [`GET /staff/buildings/${BUILDING}/site`]: [
        { status: 500, body: { error: "internal", message: "Interner Fehler." } },
        { status: 200, body: SAVED },
      ],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SiteForm buildingId={BUILDING} />
      </QueryClientProvider>,
    );
    const retry = await screen.findByRole("button", { name: "Erneut versuchen" });
    expect(screen.getByRole("alert")).toHaveTextContent("Die Daten konnten nicht geladen werden.");
    await userEvent.setup().click(retry);
    expect(await screen.findByLabelText("Breitengrad")).toHaveValue("52,5163");
  });

  it("asks for both coordinates as numbers and sends nothing", async () => {
    const { writes, user } = await renderForm();
    await user.type(screen.getByLabelText("Längengrad"), "Ost");
    await user.click(screen.getByRole("button", { name: "Lage speichern" }));
    const latitude = screen.getByLabelText("Breitengrad");
    await waitFor(() => expect(latitude).toHaveAttribute("aria-invalid", "true"));
    expect(latitude).toHaveAccessibleDescription(
      expect.stringContaining("Bitte die geografische Breite als Zahl angeben (z. B. 52,5163)."),
    );
    expect(screen.getByLabelText("Längengrad")).toHaveAccessibleDescription(
      expect.stringContaining("Bitte die geografische Länge als Zahl angeben (z. B. 13,3777)."),
    );
    expect(writes()).toHaveLength(0);
  });

  it("refuses a latitude past the pole and a radius under 10 m", async () => {
    const { writes, user } = await renderForm();
    await user.type(screen.getByLabelText("Breitengrad"), "95");
    await user.type(screen.getByLabelText("Längengrad"), "13,4");
    const tolerance = screen.getByLabelText("Toleranz in m");
    await user.clear(tolerance);
    await user.type(tolerance, "5");
    await user.click(screen.getByRole("button", { name: "Lage speichern" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Breitengrad")).toHaveAccessibleDescription(
        expect.stringContaining("Die Breite liegt zwischen -90 und 90 Grad."),
      ),
    );
    expect(tolerance).toHaveAccessibleDescription(expect.stringContaining("Der Umkreis ist mindestens 10 m groß."));
    expect(writes()).toHaveLength(0);
  });

  it("sends German decimals as numbers, then shows what was saved", async () => {
    const { calls, writes, user } = await renderForm([null, SAVED]);
    await user.type(screen.getByLabelText("Breitengrad"), "52,5163");
    await user.type(screen.getByLabelText("Längengrad"), "13.3777");
    const tolerance = screen.getByLabelText("Toleranz in m");
    await user.clear(tolerance);
    await user.type(tolerance, "150");
    await user.click(screen.getByRole("button", { name: "Lage speichern" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toStrictEqual({ latitude: 52.5163, longitude: 13.3777, tolerance_m: 150 });
    // The save reads the house's site again: the fields and the line show the saved values.
    expect(
      await screen.findByText(
        "Gespeichert: Breite 52,5163, Länge 13,3777, Umkreis 150 m. Ein Speichern ersetzt die Angaben.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Längengrad")).toHaveValue("13,3777");
    expect(calls.filter((c) => c.method === "GET")).toHaveLength(2);
  });
});
