import type { MeterKind, MeterReading } from "@mieter-portal/contracts";

/** One meter's value on a reading date. */
export interface MeterPoint {
  date: string;
  value: number;
}

export type PlausibilityHint =
  | { kind: "lower"; previous: MeterPoint }
  | { kind: "jump"; previous: MeterPoint; increase: number; usual: number };

/**
 * A jump counts as "far beyond the usual" above 3× the consumption the meter's own history
 * predicts, measured over at least 30 days (so two readings a few days apart do not alarm).
 */
export const JUMP_FACTOR = 3;
export const MIN_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

const VALUE_FIELD: Record<MeterKind, "water_reading" | "electricity_reading" | "heating_reading"> = {
  water: "water_reading",
  electricity: "electricity_reading",
  heating: "heating_reading",
};

/** One meter's values, oldest reading date first (the list from the API comes newest first). */
export function meterHistory(readings: MeterReading[], meter: MeterKind): MeterPoint[] {
  const field = VALUE_FIELD[meter];
  return readings
    .filter((reading) => reading[field] !== null)
    .map((reading, index) => ({ point: { date: reading.reading_date, value: reading[field]! }, reading, index }))
    .sort(
      (a, b) =>
        a.point.date.localeCompare(b.point.date) ||
        a.reading.submitted_at.localeCompare(b.reading.submitted_at) ||
        b.index - a.index,
    )
    .map(({ point }) => point);
}

/**
 * Warns (never blocks) when a value is lower than the meter's last reading on or before the
 * reading date, or when the rise since then is far beyond the meter's usual daily consumption.
 */
export function checkPlausibility(value: number | null, date: string, history: MeterPoint[]): PlausibilityHint | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const before = history.filter((point) => point.date <= date);
  const previous = before.at(-1);
  if (!previous) return null;
  if (value < previous.value) return { kind: "lower", previous };

  const first = before[0]!;
  const spanDays = dayNumber(previous.date) - dayNumber(first.date);
  if (spanDays <= 0 || previous.value <= first.value) return null;
  const perDay = (previous.value - first.value) / spanDays;
  const days = Math.max(dayNumber(date) - dayNumber(previous.date), MIN_WINDOW_DAYS);
  const usual = perDay * days;
  const increase = value - previous.value;
  return increase > JUMP_FACTOR * usual ? { kind: "jump", previous, increase, usual } : null;
}
