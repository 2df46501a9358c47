import type { StaffNotice } from "@mieter-portal/contracts/staff";
import { staffNoticeCreateRequest } from "@mieter-portal/contracts/staff";
import { describe, expect, it } from "vitest";
import {
  createRequest,
  fromLocalInput,
  initialValues,
  noticeSchema,
  outageWindowErrors,
  toLocalInput,
  updateRequest,
} from "./notice-form";

const notice: StaffNotice = {
  id: "n1",
  title: "Kein Wasser",
  text: "Reparatur am Hausanschluss.",
  kind: "emergency",
  emergency_type: "water_outage",
  building: { id: "b1", name: "Lindenstraße 5" },
  valid_from: "2026-12-01T07:00:30.000Z",
  valid_until: "2026-12-01T15:00:00.000Z",
  outage_from: "2026-12-01T07:00:00.000Z",
  outage_until: "2026-12-01T11:00:00.000Z",
  status: "scheduled",
  created_at: "2026-11-23T07:00:00.000Z",
  updated_at: "2026-11-23T07:00:00.000Z",
  created_by: null,
  mailed_at: "2026-11-23T07:00:00.000Z",
  affected_count: 0,
};

describe("the notice form's Berlin times", () => {
  it("shows instants in Berlin wall-clock time and reads them back, also in summer", () => {
    expect(toLocalInput("2026-12-01T07:00:00.000Z")).toBe("2026-12-01T08:00");
    expect(fromLocalInput("2026-12-01T08:00")).toBe("2026-12-01T07:00:00.000Z");
    expect(toLocalInput("2026-07-01T06:30:00.000Z")).toBe("2026-07-01T08:30");
    expect(fromLocalInput("2026-07-01T08:30")).toBe("2026-07-01T06:30:00.000Z");
    expect(fromLocalInput("")).toBeNull();
  });
});

describe("createRequest", () => {
  it("a building's emergency with a period passes the contracts' schema", () => {
    const values = {
      ...initialValues(undefined, "7d0c4d4e-8a8f-4f59-9d0f-3c2f1b7a1a11", new Date("2026-11-23T09:15:00.000Z")),
      title: "Heizung aus",
      text: "Der Brenner wird getauscht.",
      kind: "emergency" as const,
      emergency_type: "heating_failure" as const,
      valid_until: "2026-11-24T18:00",
      outage_from: "2026-11-23T06:00",
      outage_until: "2026-11-24T16:00",
    };
    expect(values.valid_from).toBe("2026-11-23T10:15");
    const body = createRequest(values);
    expect(body).toEqual({
      building_id: "7d0c4d4e-8a8f-4f59-9d0f-3c2f1b7a1a11",
      title: "Heizung aus",
      text: "Der Brenner wird getauscht.",
      kind: "emergency",
      emergency_type: "heating_failure",
      valid_from: "2026-11-23T09:15:00.000Z",
      valid_until: "2026-11-24T17:00:00.000Z",
      outage_from: "2026-11-23T05:00:00.000Z",
      outage_until: "2026-11-24T15:00:00.000Z",
    });
    expect(staffNoticeCreateRequest.safeParse(body).success).toBe(true);
  });

  it("'Alle Gebäude' is null; an information notice has no outage kind; empty end is until further notice", () => {
    const body = createRequest({
      ...initialValues(undefined, "all"),
      title: "Treppenhausreinigung",
      text: "Am Freitag.",
      emergency_type: "water_outage",
    });
    expect(body).toMatchObject({
      building_id: null,
      kind: "information",
      emergency_type: null,
      valid_until: null,
      outage_from: null,
      outage_until: null,
    });
    expect(staffNoticeCreateRequest.safeParse(body).success).toBe(true);
  });

  it("without a building the schema refuses it", () => {
    const result = staffNoticeCreateRequest.safeParse(createRequest({ ...initialValues(), title: "x", text: "y" }));
    expect(result.success).toBe(false);
  });
});

describe("updateRequest", () => {
  it("sends only what changed, so an untouched start keeps its seconds", () => {
    const values = initialValues(notice);
    expect(updateRequest(notice, values)).toEqual({});
    expect(updateRequest(notice, { ...values, title: "Kein Wasser am Dienstag" })).toEqual({
      title: "Kein Wasser am Dienstag",
    });
    expect(updateRequest(notice, { ...values, valid_until: "" })).toEqual({ valid_until: null });
    expect(updateRequest(notice, { ...values, kind: "information" })).toEqual({
      kind: "information",
      emergency_type: null,
    });
  });
});

describe("the outage window (issue 25 item 21)", () => {
  it("shows the window in Berlin time and sends only a changed end", () => {
    const values = initialValues(notice);
    expect(values).toMatchObject({ outage_from: "2026-12-01T08:00", outage_until: "2026-12-01T12:00" });
    expect(updateRequest(notice, { ...values, outage_until: "2026-12-01T14:30" })).toEqual({
      outage_until: "2026-12-01T13:30:00.000Z",
    });
  });

  it("a Störung needs both ends, the end after the start, and to be shown until its end: German messages per field", () => {
    const outage = {
      ...initialValues(undefined, "b1"),
      kind: "emergency" as const,
      emergency_type: "water_outage" as const,
    };
    expect(outageWindowErrors(outage)).toEqual({
      outage_from: "Bitte geben Sie an, ab wann die Störung besteht (Datum und Uhrzeit).",
      outage_until: "Bitte geben Sie an, bis wann die Störung voraussichtlich dauert (Datum und Uhrzeit).",
    });
    expect(
      outageWindowErrors({ ...outage, outage_from: "2026-12-01T12:00", outage_until: "2026-12-01T08:00" }),
    ).toEqual({
      outage_until: "Das Ende der Störung muss nach ihrem Beginn liegen.",
    });
    expect(
      outageWindowErrors({
        ...outage,
        outage_from: "2026-12-01T08:00",
        outage_until: "2026-12-01T12:00",
        valid_until: "2026-12-01T10:00",
      }),
    ).toEqual({
      valid_until:
        "Der Aushang muss mindestens bis zum Ende der Störung gelten. Lassen Sie „Gültig bis“ leer oder wählen Sie ein späteres Ende.",
    });
    expect(
      outageWindowErrors({ ...outage, outage_from: "2026-12-01T08:00", outage_until: "2026-12-01T12:00" }),
    ).toEqual({});
    // An information may go without a window.
    expect(outageWindowErrors({ ...outage, kind: "information" })).toEqual({});
  });

  it("an edit of an outage published before windows existed asks for the window", () => {
    const old = { ...notice, outage_from: null, outage_until: null };
    const values = { ...initialValues(old), title: "Neuer Titel" };
    expect(values).toMatchObject({ outage_from: "", outage_until: "" });
    expect(Object.keys(outageWindowErrors(values))).toEqual(["outage_from", "outage_until"]);
  });
});

describe("noticeSchema", () => {
  const issues = (schema: ReturnType<typeof noticeSchema>, values: unknown) =>
    Object.fromEntries(schema.safeParse(values).error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);

  it("a new notice: every message at once, in the form's own words where it has them", () => {
    const values = { ...initialValues(), kind: "emergency" as const };
    expect(issues(noticeSchema(), values)).toEqual({
      building_id: "Bitte wählen Sie ein Gebäude.",
      title: "Der Titel ist erforderlich.",
      text: "Der Text ist erforderlich.",
      emergency_type: "Bitte wählen Sie die Art der Störung.",
      outage_from: "Bitte geben Sie an, ab wann die Störung besteht (Datum und Uhrzeit).",
      outage_until: "Bitte geben Sie an, bis wann die Störung voraussichtlich dauert (Datum und Uhrzeit).",
    });
  });

  it("a new notice parses to the contracts' request with UTC instants", () => {
    const values = {
      ...initialValues(undefined, "all", new Date("2026-11-23T09:15:00.000Z")),
      title: " Treppenhaus ",
      text: "Am Freitag.",
    };
    expect(noticeSchema().parse(values)).toEqual({
      building_id: null,
      title: "Treppenhaus",
      text: "Am Freitag.",
      kind: "information",
      emergency_type: null,
      valid_from: "2026-11-23T09:15:00.000Z",
      valid_until: null,
      outage_from: null,
      outage_until: null,
    });
  });

  it("an edit sends what changed, and judges the window on the whole form", () => {
    const schema = noticeSchema(notice);
    expect(schema.parse({ ...initialValues(notice), title: "Kein Wasser am Dienstag" })).toEqual({
      title: "Kein Wasser am Dienstag",
    });
    const old = { ...notice, outage_from: null, outage_until: null };
    expect(Object.keys(issues(noticeSchema(old), { ...initialValues(old), title: "Neuer Titel" }))).toEqual([
      "outage_from",
      "outage_until",
    ]);
  });
});
