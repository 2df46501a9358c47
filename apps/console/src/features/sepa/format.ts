import { compactIban } from "@mieter-portal/contracts";

/** An IBAN in groups of four, as printed on cards and statements: "DE89 3704 0044 0532 0130 00". */
export function groupIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

/** "2026-12" → "Dezember 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** "2026-12" plus `n` months (negative: back). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** A whole number typed into a field, else the text itself (so the schema's message says what is wrong). */
export function wholeNumber(text: string): unknown {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : t;
}

/** "1 Lastschrift", "2 Lastschriften". */
export function debits(n: number): string {
  return n === 1 ? "1 Lastschrift" : `${n} Lastschriften`;
}
