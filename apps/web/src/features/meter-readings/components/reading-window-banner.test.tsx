import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReadingWindowBanner } from "./reading-window-banner";

describe("ReadingWindowBanner", () => {
  it("reminds the tenant between 27 December and 3 January", () => {
    render(<ReadingWindowBanner now={new Date("2026-12-28T10:00:00Z")} />);
    expect(screen.getByRole("note", { name: "Zeit für Ihre Zählerstände" })).toHaveTextContent(
      "Zwischen dem 27. Dezember und dem 3. Januar",
    );
  });

  it("stays away the rest of the year", () => {
    render(<ReadingWindowBanner now={new Date("2026-01-04T10:00:00Z")} />);
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });
});
