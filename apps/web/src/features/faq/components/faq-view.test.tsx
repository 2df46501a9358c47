import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { faqCategories } from "../faq-content";
import { FaqView } from "./faq-view";

const brand = { supportEmail: "service@example.com", emergencyHotline: "+49 800 1234567" };

function renderFaq() {
  return render(
    <MemoryRouter>
      <FaqView categories={faqCategories(brand)} supportEmail={brand.supportEmail} settingsPath="/settings" />
    </MemoryRouter>,
  );
}

describe("FAQ content", () => {
  it("has five categories with five questions each, portal first", () => {
    const categories = faqCategories(brand);
    expect(categories.map((c) => c.label)).toEqual([
      "Portal",
      "Miete & Zahlung",
      "Reparaturen",
      "Zählerstände",
      "Technische Fragen",
    ]);
    for (const category of categories) expect(category.items).toHaveLength(5);
    const all = categories.flatMap((c) => c.items.flatMap((i) => [i.question, ...i.answer])).join(" ");
    for (const fact of [
      "3 Monate",
      "100 EUR",
      "27. Dezember",
      "3. Januar",
      "24 Stunden",
      "1–3 Tage",
      "1–2 Wochen",
      "1–4 Wochen",
      "Heizkostenverteiler",
      "Wärmemengenzähler",
      brand.emergencyHotline,
    ]) {
      expect(all).toContain(fact);
    }
  });
});

describe("FaqView", () => {
  it("keeps at most one answer open", async () => {
    const user = userEvent.setup();
    renderFaq();
    const first = screen.getByRole("button", { name: "Wer kann das Mieter-Portal nutzen?" });
    const second = screen.getByRole("button", { name: "Wie lange habe ich Zugang zum Portal?" });
    expect(first).toHaveAttribute("aria-expanded", "false");

    await user.click(first);
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/den Zugang richtet die Hausverwaltung/)).toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute("aria-expanded", "true");
    expect(first).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText(/den Zugang richtet die Hausverwaltung/)).toBeNull();

    await user.click(second);
    expect(second).toHaveAttribute("aria-expanded", "false");
  });

  it("starts with Portal and switches category, closing the open answer", async () => {
    const user = userEvent.setup();
    renderFaq();
    expect(screen.getByRole("button", { name: "Portal" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Wer kann das Mieter-Portal nutzen?" }));

    await user.click(screen.getByRole("button", { name: "Zählerstände" }));
    expect(screen.getByRole("button", { name: "Zählerstände" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Portal" })).toHaveAttribute("aria-pressed", "false");
    const list = screen.getByTestId("faq-list");
    const questions = within(list).getAllByRole("button");
    expect(questions).toHaveLength(5);
    expect(questions[0]).toHaveAccessibleName("Wann muss ich meine Zählerstände melden?");
    for (const q of questions) expect(q).toHaveAttribute("aria-expanded", "false");
  });

  it("offers a mail to the support address", () => {
    renderFaq();
    expect(screen.getByRole("heading", { name: "Weitere Fragen?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "E-Mail schreiben" })).toHaveAttribute(
      "href",
      "mailto:service@example.com",
    );
    expect(screen.getByRole("link", { name: /Zurück zu den Einstellungen/ })).toHaveAttribute("href", "/settings");
  });
});
