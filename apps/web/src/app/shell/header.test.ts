import { describe, expect, it } from "vitest";
import { withCompoundBreaks } from "./header";

const SHY = "\u00ad";

describe("the company name in the header breaks at its compound joints (issue 25 item 3)", () => {
  it("offers a hyphenated break inside long compound words only", () => {
    expect(withCompoundBreaks("Grünfeld Hausverwaltung")).toBe(`Grünfeld Haus${SHY}verwaltung`);
    expect(withCompoundBreaks("Immobilienverwaltungsgesellschaft Nord")).toBe(
      `Immobilien${SHY}verwaltungs${SHY}gesellschaft Nord`,
    );
    expect(withCompoundBreaks("Wohnungsbaugenossenschaft")).toBe(`Wohnungs${SHY}bau${SHY}genossenschaft`);
  });

  it("leaves short words, names without a known part and already hyphenated words alone", () => {
    expect(withCompoundBreaks("Łukasz Nowak Bau")).toBe("Łukasz Nowak Bau");
    expect(withCompoundBreaks("Schmidt & Söhne")).toBe("Schmidt & Söhne");
    expect(withCompoundBreaks(`Haus${SHY}verwaltung`)).toBe(`Haus${SHY}verwaltung`);
  });
});
