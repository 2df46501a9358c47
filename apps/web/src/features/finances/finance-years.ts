/**
 * Years the selector offers: those with payments (from the API) and the current year, which is
 * the default even before it has a payment. Newest first, no duplicates.
 */
export function yearOptions(yearsWithData: readonly number[], currentYear: number): number[] {
  return [...new Set([currentYear, ...yearsWithData])].sort((a, b) => b - a);
}
