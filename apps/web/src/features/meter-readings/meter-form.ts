import {
  isCalendarDate,
  type MeterKind,
  type MeterReadingSubmission,
  readingDateProblem,
  readingDateWindow,
} from "@mieter-portal/contracts";
import { type PickedPhoto, toPhotoUpload } from "@/components/photo-picker/photo-picker";
import { parseGermanDecimal } from "./german-number";
import { meterTexts } from "./texts";

export const METER_KINDS: MeterKind[] = ["water", "electricity", "heating"];
/** The days the date input offers (min/max): 12 months back up to today, like the server (decision 008). */
export function readingDateLimits(today: string): { min: string; max: string } {
  const window = readingDateWindow(today);
  return { min: window.first, max: window.last };
}

const VALUE_FIELDS = {
  water: "waterReading",
  electricity: "electricityReading",
  heating: "heatingReading",
} as const satisfies Record<MeterKind, string>;

export interface MeterFormValues {
  water: string;
  electricity: string;
  heating: string;
  readingDate: string;
  /** One photo per meter at most; a list so the shared picker can hold it. */
  photos: Record<MeterKind, PickedPhoto[]>;
}

export function emptyMeterForm(today: string): MeterFormValues {
  return {
    water: "",
    electricity: "",
    heating: "",
    readingDate: today,
    photos: { water: [], electricity: [], heating: [] },
  };
}

/** true, or the German message of an unreadable value. */
export function validateMeterValue(text: string): true | string {
  const parsed = parseGermanDecimal(text);
  return parsed.ok ? true : parsed.error;
}

/** true, or the German message why the reading date cannot be sent (the server's messages for the window). */
export function validateReadingDate(date: string, today: string): true | string {
  if (!date) return meterTexts.errors.dateMissing;
  if (!isCalendarDate(date)) return meterTexts.errors.dateInvalid;
  return readingDateProblem(date, today) ?? true;
}

/** The value a field holds, or null when it is empty or not (yet) a number. */
export function meterValue(text: string): number | null {
  const parsed = parseGermanDecimal(text);
  return parsed.ok ? parsed.value : null;
}

/**
 * The spec's submission (section 3) from valid form values: numbers or null, one photo or null per
 * meter. No value at all gives "empty": the server requires at least one.
 */
export function buildSubmission(
  values: MeterFormValues,
  userId: string | null,
): { ok: true; submission: MeterReadingSubmission } | { ok: false; reason: "empty" } {
  const numbers = Object.fromEntries(METER_KINDS.map((meter) => [VALUE_FIELDS[meter], meterValue(values[meter])])) as {
    waterReading: number | null;
    electricityReading: number | null;
    heatingReading: number | null;
  };
  if (METER_KINDS.every((meter) => numbers[VALUE_FIELDS[meter]] === null)) return { ok: false, reason: "empty" };
  const photo = (meter: MeterKind) => {
    const picked = values.photos[meter][0];
    return picked ? toPhotoUpload(picked) : null;
  };
  return {
    ok: true,
    submission: {
      ...numbers,
      readingDate: values.readingDate,
      user_id: userId,
      photos: {
        waterMeterPhoto: photo("water"),
        electricityMeterPhoto: photo("electricity"),
        heatingMeterPhoto: photo("heating"),
      },
    },
  };
}
