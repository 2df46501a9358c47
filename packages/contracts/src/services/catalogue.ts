import { z } from "zod";

/**
 * House, garden and winter services (issue 27): the catalogue's German defaults and the
 * Betriebskosten category each service is billed under (BetrKV § 2). Shared by the server
 * (plans, proof documents), the console (plan editor) and the tenant and crew apps (names).
 */

/** The BetrKV § 2 position a service's costs fall under, or none (not chargeable to tenants). */
export const betrkvCategory = z.enum(["nr8", "nr9", "nr10", "nr14", "none"]);
export type BetrkvCategory = z.infer<typeof betrkvCategory>;

export const BETRKV_CATEGORY_LABELS: Record<BetrkvCategory, string> = {
  nr8: "Straßenreinigung, Winterdienst und Müllbeseitigung (BetrKV § 2 Nr. 8)",
  nr9: "Gebäudereinigung (BetrKV § 2 Nr. 9)",
  nr10: "Gartenpflege (BetrKV § 2 Nr. 10)",
  nr14: "Hauswart (BetrKV § 2 Nr. 14)",
  none: "nicht umlagefähig",
};

/** Keys of the catalogue's defaults; services a manager adds get keys of their own. */
export const DEFAULT_SERVICE_KEYS = [
  "treppenhausreinigung",
  "fenster_treppenhaus",
  "rasen_maehen",
  "hecke_schneiden",
  "laub_entfernen",
  "beete_pflegen",
  "spielplatz_pruefen",
  "winterdienst",
  "kontrollgang",
  "muelltonnen",
  "sonstige",
] as const;
export type DefaultServiceKey = (typeof DEFAULT_SERVICE_KEYS)[number];

export interface CatalogueService {
  key: DefaultServiceKey;
  name: string;
  category: BetrkvCategory;
  /** The checklist a new plan for this service starts with (the manager may change it). */
  checklist: string[];
}

/**
 * The defaults every company starts with. Spielplatz care is Gartenpflege (Nr. 10 names "Pflege von
 * Spielplätzen"); putting out the bins belongs to Müllbeseitigung (Nr. 8); a Hausmeister's round is
 * Hauswart (Nr. 14); "Sonstige" is not chargeable until the manager says otherwise.
 */
export const SERVICE_CATALOGUE: readonly CatalogueService[] = [
  {
    key: "treppenhausreinigung",
    name: "Treppenhausreinigung",
    category: "nr9",
    checklist: ["Treppen und Podeste gefegt und gewischt", "Handläufe abgewischt", "Eingangsbereich gereinigt"],
  },
  {
    key: "fenster_treppenhaus",
    name: "Fenster im Treppenhaus",
    category: "nr9",
    checklist: ["Scheiben innen und außen", "Rahmen und Fensterbänke"],
  },
  {
    key: "rasen_maehen",
    name: "Rasen mähen",
    category: "nr10",
    checklist: ["Rasen gemäht", "Kanten geschnitten", "Schnittgut entsorgt"],
  },
  {
    key: "hecke_schneiden",
    name: "Hecke schneiden",
    category: "nr10",
    checklist: ["Hecke geschnitten", "Schnittgut entsorgt"],
  },
  {
    key: "laub_entfernen",
    name: "Laub entfernen",
    category: "nr10",
    checklist: ["Wege und Zufahrt", "Rasenflächen", "Laub entsorgt"],
  },
  {
    key: "beete_pflegen",
    name: "Beete pflegen",
    category: "nr10",
    checklist: ["Unkraut entfernt", "Beete gewässert"],
  },
  {
    key: "spielplatz_pruefen",
    name: "Spielplatz prüfen",
    category: "nr10",
    checklist: ["Spielgeräte auf Schäden geprüft", "Sand auf Fremdkörper geprüft", "Mängel gemeldet"],
  },
  {
    key: "winterdienst",
    name: "Winterdienst (Räumen und Streuen)",
    category: "nr8",
    checklist: ["Gehweg geräumt", "Hauszugang geräumt", "Gestreut"],
  },
  {
    key: "kontrollgang",
    name: "Hausmeister-Kontrollgang",
    category: "nr14",
    checklist: ["Beleuchtung Treppenhaus und Keller", "Türen schließen", "Feuerwehrzufahrt frei", "Keller trocken"],
  },
  {
    key: "muelltonnen",
    name: "Mülltonnen bereitstellen",
    category: "nr8",
    checklist: ["Tonnen an die Straße gestellt", "Tonnen zurückgestellt"],
  },
  { key: "sonstige", name: "Sonstige Leistung", category: "none", checklist: [] },
];
