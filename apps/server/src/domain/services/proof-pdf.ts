import { BETRKV_CATEGORY_LABELS, HEDGE_CUT_TEXTS, hedgeCutRestricted } from "@mieter-portal/contracts/services";
import { germanDateOf } from "../../lib/time.js";
import { PROOF_STATUS_LABELS, type ProofRow, type ServiceProof } from "./proof.js";
import { type Column, madeAtText, ProofDocument } from "./proof-layout.js";
import { clockOn, conditionsText, germanDayOf, hoursText, onSiteText, shortHash } from "./proof-text.js";

/**
 * The Leistungsnachweis as PDF (issue 27 §4, decision 049): German, A4 landscape, for the manager to
 * hand to a tenant who inspects the bills (Belegeinsicht). Totals first, then every Einsatz.
 */

/** One sentence on the content hash, on every proof document. */
export const HASH_EXPLAINED =
  "Prüfsumme: Beim Abschluss eines Einsatzes bildet das Portal einen SHA-256-Wert über alle erfassten Angaben und die Prüfsummen der Fotos – wer ihn aus den gespeicherten Daten neu berechnet, erhält denselben Wert nur, wenn seitdem nichts verändert wurde (hier gekürzt auf die ersten 12 Zeichen).";

export const TIMES_EXPLAINED =
  "Beginn und Ende sind die Uhrzeiten auf dem Gerät des Mitarbeiters (Berliner Zeit); darunter steht, wann der Server die Angabe erhalten hat – bei Arbeit ohne Netz (Keller, Tiefgarage) später.";

const ON_SITE_EXPLAINED =
  "Am Objekt: Ergebnis einer einmaligen Standortprüfung beim Beginn, mit Entfernung zum Haus; Koordinaten werden nicht gespeichert.";

const MISSED_EXPLAINED =
  "Nicht erbracht: Das geplante Zeitfenster ist verstrichen, ohne dass ein abgeschlossener Einsatz erfasst wurde. Kein Einsatz: Winterdienst ist an jedem Tag der Saison geplant, aber nur bei Schnee oder Glätte nötig. Geplant: Das Zeitfenster liegt nach dem Stand dieses Nachweises.";

export const periodText = (from: string, until: string) => `${germanDateOf(from)} – ${germanDateOf(until)}`;

function cellsOf(row: ProofRow): string[] {
  const r = row.record;
  const dateCell = [
    germanDayOf(row.date),
    row.window ? `Fenster ${row.window.start}–${row.window.end}` : "ungeplant",
    ...(row.movedFrom ? [`verschoben vom ${germanDateOf(row.movedFrom)}`] : []),
  ].join("\n");
  const notes = [
    ...(r && !r.hash ? ["begonnen, nicht abgeschlossen"] : []),
    ...(r?.materials ? [`Material: ${r.materials}`] : []),
    ...(r?.conditions ? [conditionsText(r.conditions)] : []),
    ...(r?.remark ? [r.remark] : []),
    ...(r?.correction ? [r.correction] : []),
    ...(row.serviceKey === "hecke_schneiden" && hedgeCutRestricted(row.date) ? [HEDGE_CUT_TEXTS.crew] : []),
  ];
  return [
    dateCell,
    row.serviceName,
    PROOF_STATUS_LABELS[row.status],
    r ? `${clockOn(row.date, r.startedAt)}\nServer ${clockOn(row.date, r.startedAtServer)}` : "",
    r?.finishedAt && r.finishedAtServer
      ? `${clockOn(row.date, r.finishedAt)}\nServer ${clockOn(row.date, r.finishedAtServer)}`
      : "",
    r ? [r.crewFirstName, ...(r.team ? [r.team] : [])].join("\n") : "",
    r?.hash ? (r.checklistTotal > 0 ? `${r.checklistDone} von ${r.checklistTotal}` : "–") : "",
    r ? String(r.photos) : "",
    r ? onSiteText(r) : "",
    r?.hash ? shortHash(r.hash) : "",
    notes.join("\n"),
  ];
}

const VISIT_COLUMNS: Column[] = [
  { label: "Datum", width: 26 },
  { label: "Leistung", width: 36 },
  { label: "Status", width: 22 },
  { label: "Beginn", width: 21 },
  { label: "Ende", width: 21 },
  { label: "Wer", width: 28 },
  { label: "Checkliste", width: 18 },
  { label: "Fotos", width: 11, align: "right" },
  { label: "Am Objekt", width: 24 },
  { label: "Prüfsumme", width: 25 },
  { label: "Bemerkung, Material, Korrektur", width: 0, plain: true },
];

const TOTAL_COLUMNS: Column[] = [
  { label: "Leistung", width: 50 },
  { label: "Betriebskostenart", width: 0 },
  { label: "Geplant", width: 16, align: "right" },
  { label: "Erbracht", width: 17, align: "right" },
  { label: "Ungeplant", width: 20, align: "right" },
  { label: "Nicht erbracht", width: 22, align: "right" },
  { label: "Kein Einsatz", width: 21, align: "right" },
  { label: "Offen", width: 13, align: "right" },
  { label: "Fotos", width: 13, align: "right" },
  { label: "Zeitaufwand", width: 28, align: "right" },
];

const CATEGORY_COLUMNS: Column[] = [
  { label: "Betriebskostenart", width: 0 },
  { label: "Umlagefähig", width: 24 },
  { label: "Einsätze erbracht", width: 30, align: "right" },
  { label: "Nicht erbracht", width: 24, align: "right" },
  { label: "Zeitaufwand", width: 28, align: "right" },
];

export async function serviceProofPdf(proof: ServiceProof, company: string): Promise<Uint8Array> {
  const period = periodText(proof.from, proof.until);
  const scope = proof.category ? BETRKV_CATEGORY_LABELS[proof.category] : "alle Leistungen";
  const doc = await ProofDocument.create({
    title: "Leistungsnachweis Hausdienste",
    facts: [
      ["Gebäude", proof.building.name],
      ["Anschrift", proof.building.address],
      ["Zeitraum", period],
      ["Betriebskostenart", scope],
      ["Stand", madeAtText(new Date(proof.madeAt))],
    ],
    running: `Leistungsnachweis · ${proof.building.address} · ${period}`,
    company,
    madeAt: madeAtText(new Date(proof.madeAt)),
  });

  await doc.heading("Summen je Leistung");
  if (proof.totals.length === 0) {
    await doc.paragraph("Im Zeitraum waren keine Einsätze geplant oder erfasst.", { size: 9.5 });
  } else {
    await doc.table(
      TOTAL_COLUMNS,
      proof.totals.map((t) => [
        t.serviceName,
        BETRKV_CATEGORY_LABELS[t.category],
        String(t.planned),
        String(t.done),
        String(t.unplanned),
        String(t.missed),
        String(t.quiet),
        String(t.open),
        String(t.photos),
        hoursText(t.minutes),
      ]),
    );
    await doc.heading("Umlagefähig und nicht umlagefähig");
    const chargeable = proof.categories.filter((c) => c.chargeable);
    const other = proof.categories.filter((c) => !c.chargeable);
    const sum = (list: typeof chargeable, label: string, flag: string) => [
      label,
      flag,
      String(list.reduce((s, c) => s + c.done, 0)),
      String(list.reduce((s, c) => s + c.missed, 0)),
      hoursText(list.reduce((s, c) => s + c.minutes, 0)),
    ];
    const lines = proof.categories.map((c) => [
      c.label,
      c.chargeable ? "ja" : "nein",
      String(c.done),
      String(c.missed),
      hoursText(c.minutes),
    ]);
    const totals = [sum(chargeable, "Umlagefähig gesamt", "ja"), sum(other, "Nicht umlagefähig gesamt", "nein")];
    await doc.table(CATEGORY_COLUMNS, [...lines, ...totals], { shade: (i) => i >= lines.length });
  }

  await doc.heading("Einsätze");
  // Winterdienst days without an Einsatz are counted above; the Räum- und Streuprotokoll lists each.
  const shown = proof.rows.filter((r) => r.status !== "no_call");
  const quiet = proof.rows.length - shown.length;
  if (shown.length === 0) await doc.paragraph("Keine Einsätze im Zeitraum.", { size: 9.5 });
  else await doc.table(VISIT_COLUMNS, shown.map(cellsOf), { shade: (i) => shown[i]!.status === "missed" });
  if (quiet > 0) {
    await doc.paragraph(
      `${quiet} ${quiet === 1 ? "Tag" : "Tage"} Winterdienst-Bereitschaft ohne Einsatz sind nur in den Summen gezählt; das Räum- und Streuprotokoll führt jeden Tag einzeln auf.`,
    );
  }

  await doc.heading("Erläuterungen");
  for (const text of [HASH_EXPLAINED, TIMES_EXPLAINED, ON_SITE_EXPLAINED, MISSED_EXPLAINED]) await doc.paragraph(text);
  await doc.paragraph(
    "Die vollständigen Prüfsummen enthält die CSV-Fassung dieses Nachweises. Mitarbeiter werden mit Vornamen und Team genannt. Korrekturen ersetzen einen Eintrag nicht: Der ursprüngliche Eintrag bleibt mit seiner Prüfsumme gespeichert, die Korrektur ist ein eigener, versiegelter Eintrag.",
  );
  return doc.save();
}

/** "leistungsnachweis-lindenstrasse-5-10969-berlin-2026-01-01-2026-12-31.pdf" (ASCII). */
export function proofFileName(
  kind: "leistungsnachweis" | "streuprotokoll",
  address: string,
  parts: string[],
  ext: string,
): string {
  const slug = address
    .toLowerCase()
    .replaceAll("ä", "ae")
    .replaceAll("ö", "oe")
    .replaceAll("ü", "ue")
    .replaceAll("ß", "ss")
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${[kind, slug, ...parts].filter(Boolean).join("-")}.${ext}`;
}
