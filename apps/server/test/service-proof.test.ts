import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { createServicePlan } from "../src/domain/services/plans.js";
import {
  type Crew,
  correctServiceRecord,
  finishServiceRecord,
  startServiceRecord,
} from "../src/domain/services/records.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { createStaff } from "../src/domain/staff/staff-members.js";
import { hashPassword } from "../src/lib/passwords.js";
import { checkPhotos } from "../src/lib/uploads.js";
import { runFileAt } from "./clock.js";
import { photo } from "./factories/repairs.js";
import { auditOf, BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  STAFF_PASSWORD,
  type StaffFixture,
  staffLogin,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

// Issue 27 §4 (decision 049): the Leistungsnachweis (PDF, CSV) and the Räum- und Streuprotokoll of a
// building, built from plans, visits and sealed records made through the domain modules; read back
// as text (poppler's pdftotext) and as CSV; refused per role and building; bad input in German.

let ctx: TestContext;
let workDir: string;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let buildingA: string;
let buildingB: string;
let cleaningHash: string;
let winterHash: string;
let unplannedHash: string;

// Wednesday 25 November 2026, 12:00 in Berlin.
runFileAt("2026-11-25T11:00:00Z");

const proofUrl = (building: string, query: string, ext = "pdf") =>
  `/api/v1/staff/buildings/${building}/service-proof.${ext}?${query}`;
const winterUrl = (building: string, season: string) =>
  `/api/v1/staff/buildings/${building}/winter-log.pdf?season=${season}`;
const NOVEMBER = "from=2026-11-01&until=2026-11-30";

beforeAll(async () => {
  ctx = await createTestContext();
  workDir = await mkdtemp(path.join(tmpdir(), "mp-proof-"));
  const anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  // A Dienstleister of building A (a crew member or contractor): Einsätze only, no proof documents.
  const email = `dienstleister-${randomUUID().slice(0, 8)}@garten.example`;
  people.dienstleisterA = {
    id: await createStaff(ctx.db, {
      email,
      name: "Dana Garten",
      role: "dienstleister",
      buildingIds: [await ensureBuilding(ctx.db, BUILDING_A)],
      passwordHash: await hashPassword(STAFF_PASSWORD),
      totpSecret: null,
      totpEnabled: false,
    }),
    email,
    password: STAFF_PASSWORD,
    totpSecret: undefined,
  };
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.anna = await login(ctx.app, anna);
  const buildingOf = (address: string) =>
    ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow();
  buildingA = (await buildingOf(BUILDING_A)).id;
  buildingB = (await buildingOf(BUILDING_B)).id;
  const kinds = Object.fromEntries(
    (await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()).map((k) => [k.key, k.id]),
  );
  const actor: AuditActor = { staffId: people.admin.id, name: "Ada Admin", ip: null };
  // Plans made on Monday 2 November: the cleaning every Monday 08–12, Winterdienst every day in season.
  const planned = "2026-11-02";
  const plan = async (fields: Record<string, unknown>) => {
    const made = await createServicePlan(
      ctx.db,
      actor,
      {
        building_id: buildingA,
        season: null,
        rest_day_window: null,
        team: "Reinigung Nord",
        responsible_staff_id: null,
        tenant_visible: true,
        valid_from: planned,
        valid_until: null,
        ...fields,
      } as Parameters<typeof createServicePlan>[2],
      planned,
    );
    if (typeof made === "string") throw new Error(made);
  };
  await plan({
    service_kind_id: kinds.treppenhausreinigung,
    recurrence: { kind: "weekly", weekdays: [1], every_weeks: 1 },
    window: { start: "08:00", end: "12:00" },
    checklist: ["Treppen gewischt", "Handläufe abgewischt", "Eingang gereinigt"],
  });
  await plan({
    service_kind_id: kinds.winterdienst,
    recurrence: { kind: "daily" },
    season: { from: "11-01", until: "03-31" },
    window: { start: "07:00", end: "20:00" },
    checklist: ["Gehweg geräumt", "Gestreut"],
    team: "Winterdienst Ost",
  });
  const visit = async (kind: string, day: string) =>
    (
      await ctx.db
        .selectFrom("service_visits")
        .select("id")
        .where("building_id", "=", buildingA)
        .where("service_kind_id", "=", kind)
        .where("planned_on", "=", day)
        .executeTakeFirstOrThrow()
    ).id;
  const crew: Crew = { staffId: people.hausmeisterA.id, name: "Jonas Weber", ip: null, firstName: "Jonas" };
  const scope = (id: string) => id === buildingA;
  const files = ctx.app.files;
  const sealed = async (
    start: Parameters<typeof startServiceRecord>[3],
    finish: Parameters<typeof finishServiceRecord>[4],
    before = 0,
    after = 0,
    by: Crew = crew,
  ) => {
    const started = await startServiceRecord(
      ctx.db,
      files,
      by,
      start,
      await checkPhotos(Array(before).fill(photo()), "b"),
      scope,
    );
    if (typeof started === "string") throw new Error(started);
    const done = await finishServiceRecord(
      ctx.db,
      files,
      by,
      started.id,
      finish,
      await checkPhotos(Array(after).fill(photo("sample.png", { mime: "image/png" })), "a"),
    );
    if (done !== "ok") throw new Error(done);
    const row = await ctx.db
      .selectFrom("service_records")
      .select("content_hash")
      .where("id", "=", started.id)
      .executeTakeFirstOrThrow();
    return row.content_hash!;
  };
  // Monday 23 November: the stairwell, 08:12–09:05 on the device (sent later, offline), two of three items, two photos.
  cleaningHash = await sealed(
    {
      id: randomUUID(),
      visit_id: await visit(kinds.treppenhausreinigung!, "2026-11-23"),
      building_id: null,
      service_kind_id: null,
      started_at: "2026-11-23T07:12:00.000Z",
      position: null,
      photos: [],
    },
    {
      finished_at: "2026-11-23T08:05:00.000Z",
      checklist: [
        { item: "Treppen gewischt", done: true },
        { item: "Handläufe abgewischt", done: true },
        { item: "Eingang gereinigt", done: false },
      ],
      materials: [],
      conditions: null,
      remark: "=Eingang nass, Schild aufgestellt",
      photos: [],
    },
    1,
    1,
  );
  // Tuesday 24 November, a winter morning: 05:40–06:25, snow and ice, -3 °C, 12,5 kg grit.
  winterHash = await sealed(
    {
      id: randomUUID(),
      visit_id: await visit(kinds.winterdienst!, "2026-11-24"),
      building_id: null,
      service_kind_id: null,
      started_at: "2026-11-24T04:40:00.000Z",
      position: null,
      photos: [],
    },
    {
      finished_at: "2026-11-24T05:25:00.000Z",
      checklist: [
        { item: "Gehweg geräumt", done: true },
        { item: "Gestreut", done: true },
      ],
      materials: [{ name: "Streusplitt", amount: 12.5, unit: "kg" }],
      conditions: { snow: true, ice: true, temperature_c: -3 },
      remark: "",
      photos: [],
    },
  );
  // Friday 20 November, unplanned and not chargeable: a door closer fixed after a tenant's call, by a
  // colleague whose first name is written in Chinese (the PDF draws it with its fallback face).
  unplannedHash = await sealed(
    {
      id: randomUUID(),
      visit_id: null,
      building_id: buildingA,
      service_kind_id: kinds.sonstige!,
      started_at: "2026-11-20T14:00:00.000Z",
      position: null,
      photos: [],
    },
    {
      finished_at: "2026-11-20T14:30:00.000Z",
      checklist: [],
      materials: [],
      conditions: null,
      remark: "Türschließer eingestellt",
      photos: [],
    },
    0,
    0,
    { ...crew, firstName: "小明" },
  );
});
afterAll(async () => {
  await ctx.close();
  if (!process.env.KEEP_PROOF_PDFS) await rm(workDir, { recursive: true, force: true });
});

const as = (who: string) => api(ctx.app, tokens[who]);

let counter = 0;
/** The PDF's text as poppler reads it, in reading order with the table's columns kept apart (-layout). */
async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(workDir, `proof-${++counter}.pdf`);
  await writeFile(file, bytes);
  return execFileSync("/usr/bin/pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/** The CSV as rows of cells (no cell of these fixtures holds a quoted semicolon or line break). */
function csvRows(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));
}

describe("Leistungsnachweis as PDF", () => {
  it("lists the visit with date, times, crew, checklist, photos and hash; missed visits; totals; umlagefähig or not", async () => {
    const res = await as("verwalterA").get(proofUrl(buildingA, NOVEMBER));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(
      "leistungsnachweis-lindenstrasse-5-10969-berlin-2026-11-01-2026-11-30.pdf",
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Leistungsnachweis Hausdienste");
    expect(text).toContain(BUILDING_A);
    expect(text).toContain("01.11.2026 – 30.11.2026");
    expect(text).toMatch(/Seite 1 von \d+/);
    // The visit of 23 November: device times 08:12–09:05, server time of arrival (today, 12:00), crew, 2 of 3, two photos.
    const line = text.split("\n").find((l) => l.includes("Mo 23.11.2026") && l.includes("Treppenhausreinigung"))!;
    expect(line).toContain("Treppenhausreinigung");
    expect(line).toContain("erbracht");
    expect(line).toContain("08:12");
    expect(line).toContain("09:05");
    expect(line).toContain("Jonas");
    const lines = text.split("\n");
    expect(lines[lines.indexOf(line) + 1]).toContain("Reinigung Nord");
    expect(line).toContain("2 von 3");
    expect(line).toMatch(/\b2\s+nicht geprüft/);
    expect(line).toContain(cleaningHash.slice(0, 12));
    // Under each device time, when the server got it (today: the phone was offline), with its date.
    expect(lines[lines.indexOf(line) + 1]).toMatch(/Server\s+Server/);
    expect(lines[lines.indexOf(line) + 2]).toMatch(/25\.11\.2026\s+25\.11\.2026/);
    // Missed: the Mondays before, whose window passed without a record; next Monday is still planned.
    for (const day of ["Mo 02.11.2026", "Mo 09.11.2026", "Mo 16.11.2026"]) {
      expect(text.split("\n").find((l) => l.includes(day) && l.includes("Treppenhausreinigung"))).toContain(
        "nicht erbracht",
      );
    }
    expect(text.split("\n").find((l) => l.includes("Mo 30.11.2026") && l.includes("Treppenhausreinigung"))).toContain(
      "geplant",
    );
    // Totals per service: cleaning planned 5, done 1, missed 3, open 1, 2 photos, 53 minutes.
    const total = text
      .split("\n")
      .find((l) => l.startsWith("Treppenhausreinigung") || /^\s*Treppenhausreinigung\s+Gebäudereinigung/.test(l))!;
    expect(total.replace(/\s+/g, " ")).toMatch(/Gebäudereinigung \(BetrKV § 2 Nr\. 9\) 5 1 0 3 0 1 2 0 Std\. 53 Min\./);
    // Winterdienst: 29 days planned, one Einsatz, 22 passed days without one ("kein Einsatz", not
    // missed), 6 still to come; those days are not listed one by one here (the Streuprotokoll does).
    expect(text.replace(/\s+/g, " ")).toMatch(/ 29 1 0 0 22 6 0 0 Std\. 45 Min\./);
    expect(text.replace(/\s+/g, " ")).toContain(
      "22 Tage Winterdienst-Bereitschaft ohne Einsatz sind nur in den Summen gezählt",
    );
    expect(text).not.toMatch(/Mo 23\.11\.2026\s+Winterdienst/);
    // Umlagefähig vs nicht: the unplanned door closer is the only non-chargeable Einsatz.
    expect(text.replace(/\s+/g, " ")).toMatch(/Umlagefähig gesamt ja 2 3 1 Std\. 38 Min\./);
    expect(text.replace(/\s+/g, " ")).toMatch(/Nicht umlagefähig gesamt nein 1 0 0 Std\. 30 Min\./);
    expect(text).toContain(unplannedHash.slice(0, 12));
    const unplanned = lines.find((l) => l.includes("Fr 20.11.2026"))!;
    expect(unplanned).toMatch(/Sonstige Leistung\s+erbracht\s+15:00\s+15:30\s+小明\s+–/);
    expect(lines[lines.indexOf(unplanned) + 1]).toMatch(/ungeplant\s+\(ungeplant\)/);
    expect(text.replace(/\s+/g, " ")).toContain(
      "Prüfsumme: Beim Abschluss eines Einsatzes bildet das Portal einen SHA-256-Wert",
    );
  });

  it("narrows to one Betriebskosten category", async () => {
    const res = await as("admin").get(proofUrl(buildingA, `${NOVEMBER}&category=nr8`));
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Straßenreinigung, Winterdienst und Müllbeseitigung (BetrKV § 2 Nr. 8)");
    expect(text).toContain(winterHash.slice(0, 12));
    expect(text).not.toContain(cleaningHash.slice(0, 12));
    expect(text).not.toContain("Treppenhausreinigung");
    expect(text).toContain("Schnee, Glätte, -3 °C");
    expect(text).toContain("Material: Streusplitt");
  });

  it("is in the audit log, in German", async () => {
    const before = (await auditOf(ctx.db, buildingB)).length;
    const res = await as("verwalterB").get(proofUrl(buildingB, NOVEMBER));
    expect(res.statusCode, res.body).toBe(200);
    const entries = await auditOf(ctx.db, buildingB);
    expect(entries).toHaveLength(before + 1);
    const entry = entries.at(-1)!;
    expect(entry.action).toBe("service_proof.downloaded");
    expect(entry.staff_id).toBe(people.verwalterB!.id);
    expect(JSON.parse(entry.after_json!)).toEqual({
      title: "Leistungsnachweis (PDF), alle Leistungen",
      start_date: "2026-11-01",
      end_date: "2026-11-30",
    });
    const log = await as("admin").get("/api/v1/staff/audit?limit=100");
    const shown = (
      log.json() as { items: { action_label: string; changes: { field: string; after: string }[] }[] }
    ).items.find((i) => i.action_label === "hat einen Nachweis der Hausdienste heruntergeladen");
    expect(shown?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "Titel", after: "Leistungsnachweis (PDF), alle Leistungen" }),
      ]),
    );
  });
});

describe("Leistungsnachweis as CSV", () => {
  it("German Excel: BOM, semicolons, dates, full and short hash, formula-safe cells", async () => {
    const res = await as("verwalterA").get(proofUrl(buildingA, NOVEMBER, "csv"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = csvRows(res.body);
    const col = (name: string) => header!.indexOf(name);
    expect(header).toContain("Prüfsumme (SHA-256)");
    const visit = rows.find((r) => r[col("Datum")] === "23.11.2026" && r[col("Leistung")] === "Treppenhausreinigung")!;
    expect(visit[col("Status")]).toBe("erbracht");
    expect(visit[col("Umlagefähig")]).toBe("ja");
    expect(visit[col("Geplantes Zeitfenster")]).toBe("08:00–12:00");
    expect(visit[col("Beginn (Gerät)")]).toBe("08:12");
    expect(visit[col("Ende (Gerät)")]).toBe("09:05");
    expect(visit[col("Beginn (Server)")]).toMatch(/^25\.11\.2026 12:0\d$/);
    expect(visit[col("Dauer (Min.)")]).toBe("53");
    expect(visit[col("Mitarbeiter (Vorname)")]).toBe("Jonas");
    expect(visit[col("Team")]).toBe("Reinigung Nord");
    expect(visit[col("Checkliste erledigt")]).toBe("2");
    expect(visit[col("Checkliste gesamt")]).toBe("3");
    expect(visit[col("Fotos")]).toBe("2");
    expect(visit[col("Prüfsumme (SHA-256)")]).toBe(cleaningHash);
    expect(visit[col("Prüfsumme (kurz)")]).toBe(cleaningHash.slice(0, 12));
    // The crew's remark began with "=": a spreadsheet must not read it as a formula.
    expect(visit[col("Bemerkung")]).toBe("'=Eingang nass, Schild aufgestellt".replace(",", ","));
    const missed = rows.filter(
      (r) => r[col("Leistung")] === "Treppenhausreinigung" && r[col("Status")] === "nicht erbracht",
    );
    expect(missed.map((r) => r[col("Datum")])).toEqual(["02.11.2026", "09.11.2026", "16.11.2026"]);
    const winter = rows.find((r) => r[col("Prüfsumme (SHA-256)")] === winterHash)!;
    expect(winter[col("Material")]).toBe("Streusplitt 12,5 kg");
    expect(winter[col("Bedingungen")]).toBe("Schnee, Glätte, -3 °C");
    const unplanned = rows.find((r) => r[col("Prüfsumme (SHA-256)")] === unplannedHash)!;
    expect(unplanned[col("Umlagefähig")]).toBe("nein");
    expect(unplanned[col("Geplantes Zeitfenster")]).toBe("ungeplant");
    expect(unplanned[col("Status")]).toBe("erbracht (ungeplant)");
  });
});

describe("Räum- und Streuprotokoll", () => {
  it("lists the Einsatz with times, conditions, grit and crew, every other day as 'kein Einsatz', and the retention", async () => {
    const res = await as("verwalterA").get(winterUrl(buildingA, "2026"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain("streuprotokoll-lindenstrasse-5-10969-berlin-2026.pdf");
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Räum- und Streuprotokoll");
    expect(text).toContain("2026/27 (01.11.2026 – 31.03.2027)");
    const line = text.split("\n").find((l) => l.includes("Di 24.11.2026"))!;
    expect(line).toContain("05:40");
    expect(line).toContain("06:25");
    expect(line.replace(/\s+/g, " ")).toMatch(/ja ja -3 °C 12,5 kg Jonas/);
    expect(line).toContain(winterHash.slice(0, 12));
    // 1–25 November listed (the season runs), 24 of them without an Einsatz.
    const quiet = text.split("\n").filter((l) => /\d\d\.11\.2026/.test(l) && l.includes("kein Einsatz"));
    expect(quiet).toHaveLength(24);
    expect(text).not.toContain("26.11.2026");
    expect(text).toContain("Sa 01.11.2026".replace("Sa", "So"));
    expect(text.replace(/\s+/g, " ")).toContain("mindestens 4 Jahre, bis mindestens 31.12.2031");
  });

  it("is audited", async () => {
    await as("admin").get(winterUrl(buildingA, "2025"));
    const entry = (await auditOf(ctx.db, buildingA)).at(-1)!;
    expect(entry.action).toBe("service_proof.downloaded");
    expect(JSON.parse(entry.after_json!)).toMatchObject({ title: "Räum- und Streuprotokoll (PDF), Winter 2025/2026" });
  });
});

describe("access", () => {
  const urls = () => [
    proofUrl(buildingA, NOVEMBER),
    proofUrl(buildingA, NOVEMBER, "csv"),
    winterUrl(buildingA, "2026"),
  ];

  it("another building's Verwalter gets 404; a Hausmeister and a Dienstleister 403; a tenant and no sign-in are refused", async () => {
    for (const url of urls()) {
      expect((await as("verwalterB").get(url)).statusCode, url).toBe(404);
      expect((await as("hausmeisterA").get(url)).statusCode, url).toBe(403);
      expect((await as("dienstleisterA").get(url)).statusCode, url).toBe(403);
      expect((await as("anna").get(url)).statusCode, url).toBe(401);
      expect((await api(ctx.app).get(url)).statusCode, url).toBe(401);
    }
  });

  it("an unknown building is 404 for an Administrator", async () => {
    expect((await as("admin").get(proofUrl(UNKNOWN_ID, NOVEMBER))).statusCode).toBe(404);
    expect((await as("admin").get(winterUrl(UNKNOWN_ID, "2026"))).statusCode).toBe(404);
  });

  it("refusals write nothing to the audit log", async () => {
    const before = (await auditOf(ctx.db, buildingA)).length;
    await as("verwalterB").get(proofUrl(buildingA, NOVEMBER));
    await as("hausmeisterA").get(proofUrl(buildingA, NOVEMBER, "csv"));
    expect(await auditOf(ctx.db, buildingA)).toHaveLength(before);
  });
});

describe("bad input: German 400", () => {
  const cases: [string, string, RegExp][] = [
    ["until before from", "from=2026-11-30&until=2026-11-01", /Ende des Zeitraums darf nicht vor seinem Beginn/],
    ["more than 366 days", "from=2025-01-01&until=2026-01-02", /höchstens 366 Tage/],
    ["a date that does not exist", "from=2026-02-30&until=2026-03-31", /Beginn des Zeitraums ist kein gültiges Datum/],
    ["no until", "from=2026-11-01", /Ende des Zeitraums als Datum/],
    ["a German date", "from=01.11.2026&until=2026-11-30", /Beginn des Zeitraums als Datum angeben \(JJJJ-MM-TT\)/],
    ["an unknown category", `${NOVEMBER}&category=nr99`, /Unbekannte Betriebskostenart/],
  ];
  for (const [name, query, message] of cases) {
    it(name, async () => {
      for (const ext of ["pdf", "csv"]) {
        const res = await as("verwalterA").get(proofUrl(buildingA, query, ext));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    });
  }

  it("a leap year's 366 days are allowed", async () => {
    const res = await as("verwalterA").get(proofUrl(buildingA, "from=2028-01-01&until=2028-12-31", "csv"));
    expect(res.statusCode, res.body).toBe(200);
  });

  for (const season of ["26", "abcd", "1999", ""]) {
    it(`winter season '${season}'`, async () => {
      const res = await as("verwalterA").get(winterUrl(buildingA, season));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/Winter als Jahr|zwischen 2000 und 2100/);
    });
  }
});

describe("a correction", () => {
  it("shows the corrected data with the reason and the replaced entry's hash; the old entry stays sealed", async () => {
    const original = await ctx.db
      .selectFrom("service_records")
      .select("id")
      .where("content_hash", "=", cleaningHash)
      .executeTakeFirstOrThrow();
    const crew: Crew = { staffId: people.verwalterA!.id, name: "Vera Verwalter", ip: null, firstName: "Vera" };
    const corrected = await correctServiceRecord(
      ctx.db,
      ctx.app.files,
      crew,
      original.id,
      {
        id: randomUUID(),
        started_at: "2026-11-23T07:12:00.000Z",
        finished_at: "2026-11-23T08:20:00.000Z",
        checklist: [
          { item: "Treppen gewischt", done: true },
          { item: "Handläufe abgewischt", done: true },
          { item: "Eingang gereinigt", done: true },
        ],
        materials: [],
        conditions: null,
        remark: "",
        reason: "Eingang wurde doch gereinigt, Ende nachgetragen",
        photos: [],
      },
      [],
    );
    if (typeof corrected === "string") throw new Error(corrected);
    const res = await as("verwalterA").get(proofUrl(buildingA, NOVEMBER, "csv"));
    const [header, ...rows] = csvRows(res.body);
    const col = (name: string) => header!.indexOf(name);
    const visit = rows.filter((r) => r[col("Datum")] === "23.11.2026" && r[col("Leistung")] === "Treppenhausreinigung");
    expect(visit).toHaveLength(1);
    expect(visit[0]![col("Checkliste erledigt")]).toBe("3");
    expect(visit[0]![col("Ende (Gerät)")]).toBe("09:20");
    expect(visit[0]![col("Prüfsumme (SHA-256)")]).not.toBe(cleaningHash);
    expect(visit[0]![col("Korrektur")]).toBe(
      `Korrigiert am 25.11.2026: Eingang wurde doch gereinigt, Ende nachgetragen (ersetzt Eintrag ${cleaningHash.slice(0, 12)})`,
    );
    const pdf = await pdfText((await as("verwalterA").get(proofUrl(buildingA, NOVEMBER))).rawPayload);
    expect(pdf).toContain("3 von 3");
    expect(pdf).toContain("Korrigiert am 25.11.2026:");
    // The original is kept as it was.
    const kept = await ctx.db
      .selectFrom("service_records")
      .select("content_hash")
      .where("id", "=", original.id)
      .executeTakeFirstOrThrow();
    expect(kept.content_hash).toBe(cleaningHash);
  });
});
