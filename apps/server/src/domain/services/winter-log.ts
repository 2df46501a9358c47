import { addDays } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import { berlinToday, germanDateOf } from "../../lib/time.js";
import { germanNumber } from "../meter-readings/campaign-csv.js";
import { WINTER_SERVICE_KEY } from "./plans.js";
import { type ProofRow, type ServiceProof, serviceProof } from "./proof.js";
import { type Column, madeAtText, ProofDocument } from "./proof-layout.js";
import { HASH_EXPLAINED, periodText, TIMES_EXPLAINED } from "./proof-pdf.js";
import { clockOn, germanDayOf, shortHash } from "./proof-text.js";

/**
 * The Räum- und Streuprotokoll (issue 27 §4, decision 049): every Winterdienst Einsatz of a building
 * in a winter season, with its times, conditions, grit and crew, and each day of the season without
 * one marked "kein Einsatz" — what the manager shows after a fall on the path. Kept at least four
 * years (the records are never deleted; the document says until when it must be kept).
 */

/** Years a Räum- und Streuprotokoll is kept at least, counted from the end of the year the season ends in. */
export const WINTER_LOG_RETENTION_YEARS = 4;

const DEFAULT_SEASON = { from: "11-01", until: "03-31" };

/** A month-day of the season starting in `year`: autumn days in that year, spring days in the next. */
const seasonDate = (year: number, monthDay: string) => `${monthDay >= "07-01" ? year : year + 1}-${monthDay}`;

/**
 * The season's first and last day: 1 November to 31 March, or the Winterdienst plans' seasons where
 * the building's plans (running in that winter) name one — the earliest start and the latest end.
 */
export async function winterSeason(db: Db, buildingId: string, year: number): Promise<{ from: string; until: string }> {
  const fallback = { from: seasonDate(year, DEFAULT_SEASON.from), until: seasonDate(year, DEFAULT_SEASON.until) };
  const plans = await db
    .selectFrom("service_plans as p")
    .innerJoin("service_kinds as k", "k.id", "p.service_kind_id")
    .select(["p.season_from", "p.season_until"])
    .where("p.building_id", "=", buildingId)
    .where("k.key", "=", WINTER_SERVICE_KEY)
    .where("p.valid_from", "<=", fallback.until)
    .where((eb) => eb.or([eb("p.valid_until", "is", null), eb("p.valid_until", ">=", fallback.from)]))
    .execute();
  const seasons = plans.flatMap((p) =>
    p.season_from && p.season_until && p.season_from >= "07-01" && p.season_until < "07-01"
      ? [{ from: seasonDate(year, p.season_from), until: seasonDate(year, p.season_until) }]
      : [],
  );
  if (seasons.length === 0) return fallback;
  return {
    from: seasons.map((s) => s.from).sort()[0]!,
    until: seasons
      .map((s) => s.until)
      .sort()
      .at(-1)!,
  };
}

export interface WinterLog {
  proof: ServiceProof;
  season: number;
  from: string;
  until: string;
  /** The last day listed: the season's end, or today while the season runs. */
  through: string;
  keepUntil: string;
}

/** Undefined when the building does not exist. */
export async function winterLog(
  db: Db,
  buildingId: string,
  season: number,
  now = new Date(),
): Promise<WinterLog | undefined> {
  const { from, until } = await winterSeason(db, buildingId, season);
  const today = berlinToday(now);
  const through = until < today ? until : today;
  const proof = await serviceProof(db, buildingId, { from, until, serviceKeys: [WINTER_SERVICE_KEY] }, now);
  if (!proof) return undefined;
  const keepUntil = `${Number(until.slice(0, 4)) + WINTER_LOG_RETENTION_YEARS}-12-31`;
  return { proof, season, from, until, through, keepUntil };
}

const COLUMNS: Column[] = [
  { label: "Datum", width: 26 },
  { label: "Räumzeiten", width: 22 },
  { label: "Beginn", width: 21 },
  { label: "Ende", width: 21 },
  { label: "Schnee", width: 14 },
  { label: "Glätte", width: 14 },
  { label: "Temperatur", width: 21, align: "right" },
  { label: "Streumittel", width: 20, align: "right" },
  { label: "Wer", width: 30 },
  { label: "Prüfsumme", width: 25 },
  { label: "Material, Bemerkung, Korrektur", width: 0, plain: true },
];

const yesNo = (value: boolean | undefined) => (value === undefined ? "" : value ? "ja" : "nein");
/** An Einsatz begun or done (planned or not); planned visits without a record are not Einsätze. */
const isEinsatz = (row: ProofRow) => row.record !== null;

function einsatzCells(row: ProofRow, first: boolean, window: string): string[] {
  const r = row.record!;
  const c = r.conditions;
  return [
    first ? germanDayOf(row.date) : "",
    first ? window : "",
    `${clockOn(row.date, r.startedAt)}\nServer ${clockOn(row.date, r.startedAtServer)}`,
    r.finishedAt && r.finishedAtServer
      ? `${clockOn(row.date, r.finishedAt)}\nServer ${clockOn(row.date, r.finishedAtServer)}`
      : "nicht abgeschlossen",
    yesNo(c?.snow),
    yesNo(c?.ice),
    c?.temperature_c === null || c?.temperature_c === undefined ? "" : `${germanNumber(c.temperature_c)} °C`,
    r.gritKg > 0 ? `${germanNumber(r.gritKg)} kg` : "",
    [r.crewFirstName, ...(r.team ? [r.team] : [])].join("\n"),
    r.hash ? shortHash(r.hash) : "",
    [
      ...(row.window ? [] : ["ungeplanter Einsatz"]),
      ...(r.materials ? [r.materials] : []),
      ...(r.remark ? [r.remark] : []),
      ...(r.correction ? [r.correction] : []),
    ].join("\n"),
  ];
}

export async function winterLogPdf(log: WinterLog, company: string): Promise<Uint8Array> {
  const { proof } = log;
  const period = periodText(log.from, log.until);
  const einsaetze = proof.rows.filter(isEinsatz);
  const byDay = new Map<string, ProofRow[]>();
  for (const row of einsaetze) byDay.set(row.date, [...(byDay.get(row.date) ?? []), row]);
  const windows = new Map(
    proof.rows.filter((r) => r.window).map((r) => [r.date, `${r.window!.start}–${r.window!.end}`] as const),
  );
  const rows: string[][] = [];
  const shaded: boolean[] = [];
  let quietDays = 0;
  for (let day = log.from; day <= log.through; day = addDays(day, 1)) {
    const of = byDay.get(day) ?? [];
    const window = windows.get(day) ?? "";
    if (of.length === 0) {
      quietDays++;
      rows.push([germanDayOf(day), window, "", "", "", "", "", "", "", "", "kein Einsatz"]);
      shaded.push(false);
      continue;
    }
    of.forEach((row, i) => {
      rows.push(einsatzCells(row, i === 0, window));
      shaded.push(true);
    });
  }
  const grit = einsaetze.reduce((sum, r) => sum + (r.record?.hash ? r.record.gritKg : 0), 0);
  const madeAt = madeAtText(new Date(proof.madeAt));
  const doc = await ProofDocument.create({
    title: "Räum- und Streuprotokoll",
    facts: [
      ["Gebäude", proof.building.name],
      ["Anschrift", proof.building.address],
      ["Winter", `${log.season}/${String((log.season + 1) % 100).padStart(2, "0")} (${period})`],
      [
        "Aufgeführt",
        log.through < log.from
          ? "Der Winter hat noch nicht begonnen."
          : `${periodText(log.from, log.through)}${log.through < log.until ? " (der Winter läuft noch)" : ""}`,
      ],
      ["Stand", madeAt],
      [
        "Aufbewahrung",
        `mindestens ${WINTER_LOG_RETENTION_YEARS} Jahre, bis mindestens ${germanDateOf(log.keepUntil)} (Nachweis der Verkehrssicherungspflicht)`,
      ],
    ],
    running: `Räum- und Streuprotokoll · ${proof.building.address} · Winter ${log.season}/${String((log.season + 1) % 100).padStart(2, "0")}`,
    company,
    madeAt,
  });
  await doc.heading("Übersicht");
  await doc.table(
    [
      { label: "Einsätze", width: 30, align: "right" },
      { label: "Tage mit Einsatz", width: 34, align: "right" },
      { label: "Tage ohne Einsatz", width: 34, align: "right" },
      { label: "Streumittel gesamt", width: 36, align: "right" },
      { label: "", width: 0 },
    ],
    [[String(einsaetze.length), String(byDay.size), String(quietDays), `${germanNumber(grit)} kg`, ""]],
  );
  await doc.heading("Tage und Einsätze");
  if (rows.length === 0) await doc.paragraph("Noch keine Tage in diesem Winter.", { size: 9.5 });
  else await doc.table(COLUMNS, rows, { shade: (i) => shaded[i] ?? false });
  await doc.heading("Erläuterungen");
  await doc.paragraph(
    "Räumzeiten: die Zeiten, in denen nach dem Leistungsplan geräumt und gestreut wird (werktags ab 7 Uhr, sonn- und feiertags ab 9 Uhr, bis 20 Uhr, sofern der Plan nichts anderes vorsieht). Kein Einsatz: An diesem Tag wurde kein Winterdienst-Einsatz erfasst. Streumittel: die in Kilogramm erfassten Mengen.",
  );
  await doc.paragraph(TIMES_EXPLAINED);
  await doc.paragraph(HASH_EXPLAINED);
  await doc.paragraph(
    `Dieses Protokoll ist mindestens ${WINTER_LOG_RETENTION_YEARS} Jahre aufzubewahren (bis mindestens ${germanDateOf(log.keepUntil)}); die zugrunde liegenden Einträge bleiben im Portal unverändert gespeichert und können jederzeit neu ausgegeben werden.`,
  );
  return doc.save();
}
