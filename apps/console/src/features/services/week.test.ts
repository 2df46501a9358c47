import type { ServiceVisit } from "@mieter-portal/contracts/services";
import { describe, expect, it } from "vitest";
import { mondayOf, visitState, weekFromSearch } from "./week";

const visit = (record: ServiceVisit["record"] = null): ServiceVisit => ({
  id: "0b6c1f0e-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
  plan_id: "1b6c1f0e-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
  building_id: "2b6c1f0e-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
  service_name: "Treppenhausreinigung",
  service_key: "treppenhausreinigung",
  planned_on: "2026-11-26",
  window: { start: "07:00", end: "12:00" },
  moved_from: null,
  note: null,
  checklist: ["Treppen gewischt"],
  record,
});
// 12:00 in Berlin on 26 November 2026 is 11:00 UTC (winter time).
const before = new Date("2026-11-26T10:59:00Z");
const after = new Date("2026-11-26T11:00:00Z");

describe("a visit's state in the week overview", () => {
  it("is geplant until the window's end (Berlin time), then versäumt without a record", () => {
    expect(visitState(visit(), before)).toStrictEqual({ kind: "planned" });
    expect(visitState(visit(), after)).toStrictEqual({ kind: "missed", startedAt: null });
  });

  it("läuft while a record is open inside the window; begun and not finished after it is versäumt", () => {
    const open = visit({
      id: "3b6c1f0e-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
      state: "open",
      started_at: "2026-11-26T06:12:00Z",
      finished_at: null,
      crew_first_name: "Ayşe",
    });
    expect(visitState(open, before)).toStrictEqual({ kind: "running", startedAt: "2026-11-26T06:12:00Z" });
    expect(visitState(open, after)).toStrictEqual({ kind: "missed", startedAt: "2026-11-26T06:12:00Z" });
  });

  it("never marks a Winterdienst day without an Einsatz versäumt: kein Einsatz (a dry day needs none)", () => {
    const winter = { ...visit(), service_name: "Winterdienst (Räumen und Streuen)", service_key: "winterdienst" };
    expect(visitState(winter, before)).toStrictEqual({ kind: "planned" });
    expect(visitState(winter, after)).toStrictEqual({ kind: "none" });
    const begun = {
      ...winter,
      record: {
        id: "3b6c1f0e-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
        state: "open" as const,
        started_at: "2026-11-26T05:40:00Z",
        finished_at: null,
        crew_first_name: "Ayşe",
      },
    };
    expect(visitState(begun, after)).toStrictEqual({ kind: "missed", startedAt: "2026-11-26T05:40:00Z" });
  });

  it("is erledigt with a finished record, also one finished after the window", () => {
    const done = visit({
      id: "3b6c1f0e-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
      state: "finished",
      started_at: "2026-11-26T10:40:00Z",
      finished_at: "2026-11-26T11:20:00Z",
      crew_first_name: "Ayşe",
    });
    expect(visitState(done, new Date("2026-11-27T00:00:00Z"))).toStrictEqual({
      kind: "done",
      startedAt: "2026-11-26T10:40:00Z",
      finishedAt: "2026-11-26T11:20:00Z",
    });
  });

  it("counts weeks from Monday; a bad ?woche= falls back to this week", () => {
    expect(mondayOf("2026-11-28")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(weekFromSearch("2026-12-03", "2026-11-28")).toBe("2026-11-30");
    expect(weekFromSearch("morgen", "2026-11-28")).toBe("2026-11-23");
    expect(weekFromSearch(null, "2026-11-28")).toBe("2026-11-23");
  });
});
