import { render, screen } from "@testing-library/react";
import { FileText, Gauge } from "lucide-react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { QuickAccess } from "./quick-access";

// Issue 25 item 4: at 360 px "Zählerstände" broke as "Zähler|stände" without a hyphen (<wbr>).

describe("quick-access tiles", () => {
  it("break compound labels at a soft hyphen, so a broken label shows its hyphen; the name stays whole", () => {
    const { container } = render(
      <MemoryRouter>
        <QuickAccess
          shortcuts={[
            { label: "Zählerstände", path: "/meter-readings", icon: Gauge },
            { label: "Dokumente", path: "/documents", icon: FileText },
          ]}
        />
      </MemoryRouter>,
    );
    expect(container.querySelector("wbr")).toBeNull();
    const meters = screen.getByRole("link", { name: "Zählerstände" });
    expect(meters).toHaveTextContent("Zähler\u00adstände", { normalizeWhitespace: false });
    expect(meters.textContent).toBe("Zähler\u00adstände");
    expect(screen.getByRole("link", { name: "Dokumente" }).textContent).toBe("Doku\u00admente");
  });
});
