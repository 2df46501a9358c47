import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routeFetch } from "../test-fetch";
import { SiteForm } from "./site-form";

const BUILDING = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";

function renderForm() {
  const calls = routeFetch({
    [`PUT /staff/buildings/${BUILDING}/site`]: [
      { status: 200, body: { building_id: BUILDING, latitude: 52.5163, longitude: 13.3777, tolerance_m: 150 } },
    ],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SiteForm buildingId={BUILDING} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe("where the house is", () => {
  it("asks for both coordinates as numbers and sends nothing", async () => {
    const { calls, user } = renderForm();
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
    expect(calls).toHaveLength(0);
  });

  it("refuses a latitude past the pole and a radius under 10 m", async () => {
    const { calls, user } = renderForm();
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
    expect(calls).toHaveLength(0);
  });

  it("sends German decimals as numbers", async () => {
    const { calls, user } = renderForm();
    await user.type(screen.getByLabelText("Breitengrad"), "52,5163");
    await user.type(screen.getByLabelText("Längengrad"), "13.3777");
    const tolerance = screen.getByLabelText("Toleranz in m");
    await user.clear(tolerance);
    await user.type(tolerance, "150");
    await user.click(screen.getByRole("button", { name: "Lage speichern" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toStrictEqual({ latitude: 52.5163, longitude: 13.3777, tolerance_m: 150 });
  });
});
