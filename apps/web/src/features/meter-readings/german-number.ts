import { LIMITS } from "@mieter-portal/contracts";
import { meterTexts } from "./texts";

export type ParsedNumber = { ok: true; value: number | null } | { ok: false; error: string };

/** The server keeps thousandths (water step 0.001), so more decimals would be lost. */
export const METER_DECIMALS = 3;

const GROUPED = /^\d{1,3}(\.\d{3})+$/;
const PLAIN = /^\d+$/;

/**
 * Reads a meter value as a German types it: decimal comma, optional dots between thousands
 * ('1234,567', '1.234,567'). A lone dot before one, two or four+ digits is taken as a decimal
 * point ('1234.5'); before exactly three digits it groups thousands, as in German ('1.234' = 1234).
 * Empty input means "no value".
 */
export function parseGermanDecimal(input: string, maxDecimals: number = METER_DECIMALS): ParsedNumber {
  const text = input.replace(/[\s\u00a0\u202f]/g, "");
  if (text === "") return { ok: true, value: null };
  if (/^[-−]/.test(text)) return { ok: false, error: meterTexts.errors.negative };
  const fail = { ok: false, error: meterTexts.errors.notANumber } as const;

  let whole: string;
  let fraction = "";
  if (text.includes(",")) {
    const parts = text.split(",");
    if (parts.length !== 2) return fail;
    [whole, fraction] = parts as [string, string];
    if (!/^\d*$/.test(fraction)) return fail;
    if (whole === "" && fraction === "") return fail;
    if (whole !== "" && !PLAIN.test(whole) && !GROUPED.test(whole)) return fail;
    whole = whole.replaceAll(".", "") || "0";
  } else if (text.includes(".")) {
    if (GROUPED.test(text)) {
      whole = text.replaceAll(".", "");
    } else {
      const match = /^(\d*)\.(\d+)$/.exec(text);
      if (!match) return fail;
      whole = match[1] || "0";
      fraction = match[2]!;
    }
  } else {
    if (!PLAIN.test(text)) return fail;
    whole = text;
  }

  if (fraction.length > maxDecimals) return { ok: false, error: meterTexts.errors.tooManyDecimals(maxDecimals) };
  const value = Number(fraction ? `${whole}.${fraction}` : whole);
  if (!Number.isFinite(value)) return fail;
  if (value > LIMITS.meterMax) return { ok: false, error: meterTexts.errors.tooLarge };
  return { ok: true, value };
}

const valueFormatter = new Intl.NumberFormat("de-DE", { maximumFractionDigits: METER_DECIMALS });

/** '14.231,7 kWh'. */
export function formatMeterValue(value: number, unit: string): string {
  return `${valueFormatter.format(value)} ${unit}`;
}
