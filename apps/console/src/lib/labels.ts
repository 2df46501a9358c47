import {
  APPOINTMENT_STATUS_LABELS as APPOINTMENT_STATUS_WORDS,
  type AppointmentStatus,
  METER_NAMES,
  type MeterKind,
  PAYMENT_METHOD_LABELS as PAYMENT_METHOD_WORDS,
  REPAIR_STATUS_LABELS as REPAIR_STATUS_WORDS,
  type RepairStatus,
  URGENCY_LABELS as URGENCY_WORDS,
  type Urgency,
} from "@mieter-portal/contracts";

/** The badge tones the labels use; a subset of the UI's BadgeTone (lib does not import UI). */
type BadgeTone = "neutral" | "success" | "warning" | "danger";

/**
 * The German words of the contracts' values come from the contracts (one home with the tenant app
 * and the mails, decision 040); the console adds only its badge tones and units.
 */
export {
  APPOINTMENT_TYPE_LABELS,
  DOCUMENT_TYPE_LABELS,
  REPAIR_LOCATION_LABELS,
  REPAIR_TYPE_LABELS,
  TIME_SLOT_LABELS,
} from "@mieter-portal/contracts";

export const URGENCY_LABELS: Record<Urgency, { label: string; tone: BadgeTone }> = {
  low: { label: URGENCY_WORDS.low, tone: "neutral" },
  medium: { label: URGENCY_WORDS.medium, tone: "neutral" },
  high: { label: URGENCY_WORDS.high, tone: "warning" },
  emergency: { label: URGENCY_WORDS.emergency, tone: "danger" },
};

export const REPAIR_STATUS_LABELS: Record<RepairStatus, { label: string; tone: BadgeTone }> = {
  reported: { label: REPAIR_STATUS_WORDS.reported, tone: "warning" },
  confirmed: { label: REPAIR_STATUS_WORDS.confirmed, tone: "neutral" },
  scheduled: { label: REPAIR_STATUS_WORDS.scheduled, tone: "neutral" },
  in_progress: { label: REPAIR_STATUS_WORDS.in_progress, tone: "warning" },
  completed: { label: REPAIR_STATUS_WORDS.completed, tone: "success" },
  canceled: { label: REPAIR_STATUS_WORDS.canceled, tone: "danger" },
};

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: APPOINTMENT_STATUS_WORDS.pending, tone: "warning" },
  confirmed: { label: APPOINTMENT_STATUS_WORDS.confirmed, tone: "success" },
  canceled: { label: APPOINTMENT_STATUS_WORDS.canceled, tone: "danger" },
  completed: { label: APPOINTMENT_STATUS_WORDS.completed, tone: "neutral" },
};

export const METER_LABELS: Record<MeterKind, { label: string; unit: string }> = {
  water: { label: METER_NAMES.water, unit: "m³" },
  electricity: { label: METER_NAMES.electricity, unit: "kWh" },
  heating: { label: METER_NAMES.heating, unit: "kWh" },
};

/** Read by any string the server sends (tenancy and import rows keep the method as text). */
export const PAYMENT_METHOD_LABELS: Record<string, string> = PAYMENT_METHOD_WORDS;
