import {
  type AppointmentStatus,
  type AppointmentType,
  type DocumentType,
  type MeterKind,
  REPAIR_STATUS_LABELS as REPAIR_STATUS_WORDS,
  type RepairLocation,
  type RepairStatus,
  type RepairType,
  type TimeSlot,
  type Urgency,
} from "@mieter-portal/contracts";
import type { BadgeTone } from "@mieter-portal/ui/badge";

/** German names of the contracts' values; the tenant app uses the same words. */
export const REPAIR_TYPE_LABELS: Record<RepairType, string> = {
  plumbing: "Sanitär (Wasser, Abfluss)",
  electrical: "Elektrik",
  heating: "Heizung",
  "door-window": "Tür oder Fenster",
  appliance: "Haushaltsgerät",
  other: "Sonstiges",
};

export const REPAIR_LOCATION_LABELS: Record<RepairLocation, string> = {
  kitchen: "Küche",
  bathroom: "Badezimmer",
  "living-room": "Wohnzimmer",
  bedroom: "Schlafzimmer",
  hallway: "Flur",
  balcony: "Balkon",
  other: "Sonstiges",
};

export const URGENCY_LABELS: Record<Urgency, { label: string; tone: BadgeTone }> = {
  low: { label: "Niedrig", tone: "neutral" },
  medium: { label: "Normal", tone: "neutral" },
  high: { label: "Dringend", tone: "warning" },
  emergency: { label: "Notfall", tone: "danger" },
};

/** The words are the contracts' (one vocabulary with the tenant app and the mails); the tones are the console's. */
export const REPAIR_STATUS_LABELS: Record<RepairStatus, { label: string; tone: BadgeTone }> = {
  reported: { label: REPAIR_STATUS_WORDS.reported, tone: "warning" },
  confirmed: { label: REPAIR_STATUS_WORDS.confirmed, tone: "neutral" },
  scheduled: { label: REPAIR_STATUS_WORDS.scheduled, tone: "neutral" },
  in_progress: { label: REPAIR_STATUS_WORDS.in_progress, tone: "warning" },
  completed: { label: REPAIR_STATUS_WORDS.completed, tone: "success" },
  canceled: { label: REPAIR_STATUS_WORDS.canceled, tone: "danger" },
};

export const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, string> = {
  consultation: "Beratung",
  inspection: "Besichtigung",
  repair: "Reparatur",
  other: "Sonstiges",
};

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Ausstehend", tone: "warning" },
  confirmed: { label: "Bestätigt", tone: "success" },
  canceled: { label: "Abgesagt", tone: "danger" },
  completed: { label: "Abgeschlossen", tone: "neutral" },
};

export const TIME_SLOT_LABELS: Record<TimeSlot, string> = {
  morning: "Vormittag (8–12 Uhr)",
  afternoon: "Nachmittag (12–16 Uhr)",
  evening: "Abend (16–18 Uhr)",
};

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  contract: "Mietvertrag",
  house_rules: "Hausordnung",
  receipt: "Beleg",
  utility: "Nebenkostenabrechnung",
  personal: "Persönliches Dokument",
};

export const METER_LABELS: Record<MeterKind, { label: string; unit: string }> = {
  water: { label: "Wasser", unit: "m³" },
  electricity: { label: "Strom", unit: "kWh" },
  heating: { label: "Heizung", unit: "kWh" },
};

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  sepa_direct_debit: "SEPA-Lastschrift",
  bank_transfer: "Überweisung",
  standing_order: "Dauerauftrag",
};
