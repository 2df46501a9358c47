import type { StaffNotice } from "@mieter-portal/contracts/staff";
import { describe, expect, it } from "vitest";
import { noticePrintHtml } from "./print";

const NOTICE = {
  id: "n1",
  building: { id: "b1", name: "Lindenstraße 5" },
  title: "Wasser <abgestellt>",
  text: "Am Dienstag wird der Hausanschluss repariert.\nBitte Wasser vorrätig halten.",
  kind: "emergency",
  emergency_type: "water_outage",
  valid_from: "2026-12-01T07:00:00.000Z",
  valid_until: "2026-12-01T15:00:00.000Z",
  created_at: "2026-11-27T10:00:00.000Z",
} as unknown as StaffNotice;

describe("the printable notice for the stairwell board (issue 25 item 21)", () => {
  it("is an A4 page with the kind, title, period, text and the company, the tenants' text escaped", () => {
    const html = noticePrintHtml(NOTICE, "Grünfeld Hausverwaltung");
    const page = new DOMParser().parseFromString(html, "text/html");
    expect(page.querySelector("h1")?.textContent).toBe("Wasser <abgestellt>");
    expect(page.querySelector("abgestellt")).toBeNull();
    expect(page.querySelector(".kind")?.textContent).toBe("Störung: Wasserausfall");
    expect(page.querySelector(".period")?.textContent).toMatch(/^01\.12\.2026, 08:00.* bis 01\.12\.2026, 16:00/);
    expect(page.querySelector(".text")?.textContent).toBe(NOTICE.text);
    expect(page.querySelector("footer")?.textContent).toContain("Grünfeld Hausverwaltung · Lindenstraße 5");
    expect(page.querySelector("style")?.textContent).toContain("size: A4");
    expect(page.documentElement.lang).toBe("de");
  });

  it("gives an outage's own time, not how long the notice is shown", () => {
    const outage = {
      ...NOTICE,
      valid_from: "2026-11-27T10:00:00.000Z",
      valid_until: "2026-12-02T17:00:00.000Z",
      outage_from: "2026-12-01T07:00:00.000Z",
      outage_until: "2026-12-01T15:00:00.000Z",
    } as StaffNotice;
    const page = new DOMParser().parseFromString(noticePrintHtml(outage, "Grünfeld Hausverwaltung"), "text/html");
    expect(page.querySelector(".period")?.textContent).toBe("Zeitraum: Di., 1. Dez. 2026, 8:00 – 16:00 Uhr");
  });
});
