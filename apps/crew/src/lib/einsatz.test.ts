import type { QueueEntry } from "@mieter-portal/offline/types";
import { describe, expect, it } from "vitest";
import { BUILDING_ID, crewMember, VISIT_ID, visit } from "@/test/fixtures";
import {
  finishBody,
  finishProblems,
  finishUrl,
  newWork,
  parseGermanNumber,
  startBody,
  startUrl,
  visitState,
  type Work,
} from "./einsatz";

const RECORD_ID = "55555555-5555-4555-8555-555555555555";

function work(overrides: Partial<Work> = {}): Work {
  return {
    ...newWork({
      recordId: RECORD_ID,
      accountId: crewMember.id,
      visitId: VISIT_ID,
      buildingId: BUILDING_ID,
      buildingName: "Lindenstraße 5",
      serviceName: "Winterdienst (Räumen und Streuen)",
      serviceKey: "winterdienst",
      startedAt: "2026-11-28T05:40:00.000Z",
      checklist: ["Gehweg geräumt", "Hauszugang geräumt", "Gestreut"],
    }),
    ...overrides,
  };
}

const entry = (overrides: Partial<QueueEntry>): QueueEntry =>
  ({ id: "e1", url: startUrl(), data: { id: RECORD_ID }, status: "pending", error: null, ...overrides }) as QueueEntry;

describe("an Einsatz's bodies", () => {
  it("Beginn of a planned visit names the visit only, with the id made on the device", () => {
    const body = startBody(work(), { photos: [], position: { latitude: 52.5, longitude: 13.4, accuracy_m: 12 } });
    expect(body).toEqual({
      id: RECORD_ID,
      visit_id: VISIT_ID,
      building_id: null,
      service_kind_id: null,
      started_at: "2026-11-28T05:40:00.000Z",
      position: { latitude: 52.5, longitude: 13.4, accuracy_m: 12 },
      photos: [],
    });
  });

  it("Beginn of an unplanned Einsatz names house and service, without a position unless checked", () => {
    const kind = "66666666-6666-4666-8666-666666666666";
    const body = startBody(work({ visitId: null }), { serviceKindId: kind, photos: [] });
    expect(body).toMatchObject({ visit_id: null, building_id: BUILDING_ID, service_kind_id: kind, position: null });
  });

  it("Ende of a Winterdienst carries conditions and Streumittel in kg (German decimals)", () => {
    const w = work({
      draft: { streumittelKg: "12,5", snow: true, ice: false, temperature: "-3", remark: "  Zugang vereist " },
    });
    w.checklist[0]!.done = true;
    const photo = { dataUrl: "data:image/jpeg;base64,AAAA", format: "jpeg", filename: "a.jpg" };
    expect(finishBody(w, "2026-11-28T06:10:00.000Z", [photo])).toEqual({
      finished_at: "2026-11-28T06:10:00.000Z",
      checklist: [
        { item: "Gehweg geräumt", done: true },
        { item: "Hauszugang geräumt", done: false },
        { item: "Gestreut", done: false },
      ],
      materials: [{ name: "Streumittel", amount: 12.5, unit: "kg" }],
      conditions: { snow: true, ice: false, temperature_c: -3 },
      remark: "Zugang vereist",
      photos: [photo],
    });
    expect(finishUrl(RECORD_ID)).toBe(`/staff/service-records/${RECORD_ID}/finish`);
  });

  it("Ende of another service sends no conditions and no material when none was typed", () => {
    const w = newWork({
      recordId: RECORD_ID,
      accountId: crewMember.id,
      visitId: VISIT_ID,
      buildingId: BUILDING_ID,
      buildingName: null,
      serviceName: "Treppenhausreinigung",
      serviceKey: "treppenhausreinigung",
      startedAt: "2026-11-28T07:00:00.000Z",
      checklist: ["Treppen und Podeste gefegt und gewischt", "Handläufe abgewischt", "Eingangsbereich gereinigt"],
    });
    const body = finishBody(w, "2026-11-28T08:00:00.000Z", []);
    expect(body.conditions).toBeNull();
    expect(body.materials).toEqual([]);
    expect(body.checklist).toHaveLength(3);
  });

  it("checks the Ende form in German before anything is queued", () => {
    expect(parseGermanNumber("")).toBeNull();
    expect(parseGermanNumber("1,5")).toBe(1.5);
    expect(parseGermanNumber("zwei")).toBeNaN();
    const bad = work({ draft: { streumittelKg: "0", snow: false, ice: false, temperature: "60", remark: "" } });
    expect(finishProblems(bad, "2026-11-28T06:00:00.000Z")).toEqual({
      streumittelKg: "Bitte eine Menge größer als 0 in kg angeben.",
      temperature: "Bitte eine Temperatur zwischen -40 und 45 °C angeben.",
    });
    expect(finishProblems(work(), "2026-11-28T05:00:00.000Z").finishedAt).toMatch(/vor dem Beginn/);
    expect(finishProblems(work(), "2026-11-28T06:00:00.000Z")).toEqual({});
  });
});

describe("a visit's state", () => {
  it("planned, begun on this device and waiting, finished and sent", () => {
    expect(visitState(visit(), null, [])).toMatchObject({ phase: "geplant", waiting: false, recordId: null });
    const begun = work();
    expect(visitState(visit(), begun, [entry({})])).toMatchObject({ phase: "begonnen", waiting: true });
    const done = work({ finishedAt: "2026-11-28T06:00:00.000Z" });
    const finishEntry = entry({ id: "e2", url: finishUrl(RECORD_ID), data: {} });
    expect(visitState(visit(), done, [finishEntry])).toMatchObject({ phase: "erledigt", waiting: true });
    const serverDone = visit({
      record: {
        id: RECORD_ID,
        state: "finished",
        started_at: "2026-11-28T07:00:00.000Z",
        finished_at: "2026-11-28T07:30:00.000Z",
        crew_first_name: "Jana",
      },
    });
    expect(visitState(serverDone, null, [])).toMatchObject({ phase: "erledigt", waiting: false, recordId: RECORD_ID });
  });

  it("another record's entries do not count; a refused write shows the server's reason", () => {
    const other = entry({ data: { id: "77777777-7777-4777-8777-777777777777" } });
    expect(visitState(visit(), work(), [other]).waiting).toBe(false);
    const refused = entry({ status: "failed", error: "Dieser Einsatz gehört zu einem anderen Haus." });
    expect(visitState(visit(), work(), [refused])).toMatchObject({
      waiting: false,
      refused: "Dieser Einsatz gehört zu einem anderen Haus.",
    });
  });
});
