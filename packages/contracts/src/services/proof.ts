import { z } from "zod";
import { isCalendarDate } from "../calendar-dates.js";
import { betrkvCategory } from "./catalogue.js";

/**
 * The proof documents of the house services (issue 27 §4, decision 049): the Leistungsnachweis per
 * building, period and Betriebskosten category (PDF and CSV), and the Räum- und Streuprotokoll per
 * building and winter season (PDF). The queries of their staff routes.
 */

/** At most a year (a leap year's 366 days) per Leistungsnachweis. */
export const SERVICE_PROOF_MAX_DAYS = 366;

const proofDate = (missing: string, invalid: string) =>
  z
    .string({ error: missing })
    .regex(/^\d{4}-\d{2}-\d{2}$/, missing)
    .refine(isCalendarDate, invalid);

const daysBetween = (from: string, until: string) =>
  Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const serviceProofQuery = z
  .object({
    from: proofDate(
      "Bitte den Beginn des Zeitraums als Datum angeben (JJJJ-MM-TT).",
      "Der Beginn des Zeitraums ist kein gültiges Datum.",
    ),
    until: proofDate(
      "Bitte das Ende des Zeitraums als Datum angeben (JJJJ-MM-TT).",
      "Das Ende des Zeitraums ist kein gültiges Datum.",
    ),
    category: z
      .enum(betrkvCategory.options, {
        error: "Unbekannte Betriebskostenart. Möglich sind nr8, nr9, nr10, nr14 und none (nicht umlagefähig).",
      })
      .optional(),
  })
  .refine((q) => q.until >= q.from, {
    message: "Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.",
    path: ["until"],
  })
  .refine((q) => q.until < q.from || daysBetween(q.from, q.until) < SERVICE_PROOF_MAX_DAYS, {
    message: `Ein Leistungsnachweis umfasst höchstens ${SERVICE_PROOF_MAX_DAYS} Tage. Bitte wählen Sie einen kürzeren Zeitraum.`,
    path: ["until"],
  });
export type ServiceProofQuery = z.infer<typeof serviceProofQuery>;

/** A winter season is named by the year it starts in: 2026 = 1 November 2026 to 31 March 2027. */
export const winterLogQuery = z.object({
  season: z
    .string({ error: "Bitte den Winter als Jahr angeben, in dem er beginnt (z. B. 2026 für 2026/27)." })
    .regex(/^\d{4}$/, "Bitte den Winter als Jahr angeben, in dem er beginnt (z. B. 2026 für 2026/27).")
    .transform(Number)
    .refine((year) => year >= 2000 && year <= 2100, "Bitte ein Jahr zwischen 2000 und 2100 angeben."),
});
export type WinterLogQuery = z.infer<typeof winterLogQuery>;
