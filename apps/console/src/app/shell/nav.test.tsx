import type { StaffProfile, StaffRole } from "@mieter-portal/contracts/staff";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MeContext } from "@/lib/me";
import { Navigation } from "./nav";

const me = (role: StaffRole): StaffProfile => ({
  id: "s1",
  email: "staff@example.com",
  name: "Ayşe Yılmaz",
  role,
  buildings: [],
  totp_enabled: false,
  notify_new_items: false,
});

function entries(role: StaffRole): string[] {
  render(
    <MemoryRouter>
      <MeContext.Provider value={me(role)}>
        <Navigation onLogout={() => {}} />
      </MeContext.Provider>
    </MemoryRouter>,
  );
  const nav = screen.getByRole("navigation", { name: "Hauptnavigation" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent ?? "");
}

describe("the console's navigation per role", () => {
  it("offers a Dienstleister only the start page, which leads to the crew's app (issue 27)", () => {
    const links = entries("dienstleister");
    expect(links.some((l) => l.includes("Eingang"))).toBe(true);
    for (const refused of ["Hausdienste", "Aushänge", "Mieter", "Finanzen"]) {
      expect(links.some((l) => l.includes(refused))).toBe(false);
    }
  });

  it("offers a Hausmeister the Hausdienste beside the Eingang", () => {
    const links = entries("hausmeister");
    expect(links.some((l) => l.includes("Hausdienste"))).toBe(true);
    expect(links.some((l) => l.includes("Finanzen"))).toBe(false);
    expect(links.some((l) => l.includes("Lastschrift"))).toBe(false);
  });

  it("offers a Verwalter the Lastschrift beside the Finanzen (issue 28)", () => {
    const links = entries("verwalter");
    expect(links.indexOf("Lastschrift")).toBe(links.indexOf("Finanzen") + 1);
  });
});
