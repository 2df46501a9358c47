import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { BuildingChoice, UNKNOWN_BUILDING } from "./building-choice";

const GARTENWEG = { id: "b1", name: "Gartenweg 12", address: "Gartenweg 12, 10115 Berlin" };
const LINDEN = { id: "b2", name: "Lindenstraße 3", address: "Lindenstraße 3, 10117 Berlin" };

function renderChoice(buildings: (typeof GARTENWEG)[], unknown = false) {
  const onChoose = vi.fn();
  render(
    <MemoryRouter>
      <BuildingChoice buildings={buildings} unknown={unknown} onChoose={onChoose} />
    </MemoryRouter>,
  );
  return { onChoose, user: userEvent.setup() };
}

describe("choosing the building of a common-area repair", () => {
  it("asks for the house in German beside the field and goes nowhere without one", async () => {
    const { onChoose, user } = renderChoice([GARTENWEG, LINDEN]);
    await user.click(screen.getByRole("button", { name: "Weiter" }));
    const house = screen.getByLabelText("Haus");
    await waitFor(() => expect(house).toHaveAttribute("aria-invalid", "true"));
    expect(house).toHaveAccessibleDescription("Bitte wählen Sie das Haus.");
    expect(house).toHaveFocus();
    expect(onChoose).not.toHaveBeenCalled();
    await user.selectOptions(house, "Lindenstraße 3, 10117 Berlin");
    await user.click(screen.getByRole("button", { name: "Weiter" }));
    expect(onChoose).toHaveBeenCalledWith("b2");
  });

  it("has the only building chosen already", async () => {
    const { onChoose, user } = renderChoice([GARTENWEG]);
    expect(screen.getByLabelText("Haus")).toHaveValue("b1");
    await user.click(screen.getByRole("button", { name: "Weiter" }));
    expect(onChoose).toHaveBeenCalledWith("b1");
  });

  it("says at once that the building of the address is not one of mine, until another is chosen", async () => {
    const { user } = renderChoice([GARTENWEG, LINDEN], true);
    const house = screen.getByLabelText("Haus");
    await waitFor(() => expect(house).toHaveAccessibleDescription(UNKNOWN_BUILDING));
    expect(house).toHaveAttribute("aria-invalid", "true");
    await user.selectOptions(house, "Gartenweg 12, 10115 Berlin");
    expect(house).not.toHaveAttribute("aria-invalid");
  });

  it("says whom to ask when no building is assigned", () => {
    renderChoice([]);
    expect(screen.getByText(/Ihnen ist noch kein Haus zugeordnet/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Weiter" })).not.toBeInTheDocument();
  });
});
