import { apiBlob, queryString } from "@/lib/api-client";

/** Saves a file the API sends only with the bearer header (so not a plain link), as the meter campaign CSV does. */
async function download(path: string, filename: string): Promise<void> {
  const blob = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface ProofPeriod {
  from: string;
  until: string;
  /** A BetrKV category (nr8 …, none) or all. */
  category?: string | null;
}

/** The Leistungsnachweis of a building and period as PDF or CSV (GET …/service-proof.pdf|csv). */
export function downloadServiceProof(
  buildingId: string,
  format: "pdf" | "csv",
  period: ProofPeriod,
  filename: string,
): Promise<void> {
  const query = queryString({ from: period.from, until: period.until, category: period.category });
  return download(`/staff/buildings/${buildingId}/service-proof.${format}${query}`, filename);
}

/** The Räum- und Streuprotokoll of the winter starting in `season` (2026 = 1.11.2026–31.3.2027). */
export function downloadWinterLog(buildingId: string, season: number, filename: string): Promise<void> {
  return download(`/staff/buildings/${buildingId}/winter-log.pdf${queryString({ season })}`, filename);
}
