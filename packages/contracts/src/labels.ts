import type { AppointmentStatus, AppointmentType, TimeSlot } from "./appointments.js";
import type { DocumentType } from "./documents.js";
import type { PaymentMethod } from "./finances.js";
import type { MeterKind } from "./meter-readings.js";
import type { RepairLocation, RepairType, Urgency } from "./repairs.js";

/**
 * The one home of the German words for the contracts' enums (issue 26 §3, decision 040): the tenant
 * app, the console and the server's mails and inbox lines all read them from here, and a test
 * (apps/console/src/test/label-home.test.ts) fails when an app writes its own map for a contracts
 * enum. Zod-free, so the tenant app imports it as "@mieter-portal/contracts/labels" without pulling
 * the schemas into its start-up files. The apps add only what is theirs (a badge tone, a handling time). Other enums keep their
 * words beside their schema (REPAIR_STATUS_LABELS, EMERGENCY_TYPE_LABELS, CAMPAIGN_METER_LABELS,
 * INBOX_KIND_LABELS, NOTICE_STATUS_LABELS, INVITATION_STATUS_LABELS, STAFF_ROLE_LABELS).
 */

/** The kind of damage as the tenant picks it (the form, the detail) and the console shows it. */
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

export const URGENCY_LABELS: Record<Urgency, string> = {
  low: "Niedrig",
  medium: "Normal",
  high: "Dringend",
  emergency: "Notfall",
};

/** The label without its explanation in brackets: "Sanitär (Wasser, Abfluss)" → "Sanitär". */
const shortForm = (label: string) => label.replace(/\s*\([^)]*\)$/, "");

function mapValues<K extends string>(labels: Record<K, string>, change: (label: string) => string): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(labels).map(([key, label]) => [key, change(label)])) as Record<
    K,
    string
  >;
}

/**
 * The short form for titles (inbox lines, mail subjects, the audit log): the same words without the
 * explanation in brackets ("Sanitär – Küche").
 */
export const REPAIR_TYPE_TITLES: Record<RepairType, string> = /* @__PURE__ */ mapValues(REPAIR_TYPE_LABELS, shortForm);

/** A repair's title, "Sanitär – Küche"; an unknown value is shown as it came. */
export function repairTitle(type: string, location: string): string {
  const typeTitle = (REPAIR_TYPE_TITLES as Record<string, string>)[type] ?? type;
  const locationTitle = (REPAIR_LOCATION_LABELS as Record<string, string>)[location] ?? location;
  return `${typeTitle} – ${locationTitle}`;
}

export const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, string> = {
  consultation: "Beratung",
  inspection: "Besichtigung",
  repair: "Reparatur",
  other: "Sonstiges",
};

/** Spec section 4: confirmed 'Bestätigt', pending 'Ausstehend'; canceled says 'Abgesagt'. */
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: "Ausstehend",
  confirmed: "Bestätigt",
  canceled: "Abgesagt",
  completed: "Abgeschlossen",
};

/** The requested slot with its hours (console, inbox lines, mails). */
export const TIME_SLOT_LABELS: Record<TimeSlot, string> = {
  morning: "Vormittag (8–12 Uhr)",
  afternoon: "Nachmittag (12–16 Uhr)",
  evening: "Abend (16–18 Uhr)",
};

/** The slot's name alone ("Vormittag"), where the hours stand beside it. */
export const TIME_SLOT_NAMES: Record<TimeSlot, string> = /* @__PURE__ */ mapValues(TIME_SLOT_LABELS, shortForm);

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  contract: "Mietvertrag",
  house_rules: "Hausordnung",
  receipt: "Beleg",
  utility: "Nebenkostenabrechnung",
  personal: "Persönliches Dokument",
};

export const METER_NAMES: Record<MeterKind, string> = { water: "Wasser", electricity: "Strom", heating: "Heizung" };

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  sepa_direct_debit: "SEPA-Lastschrift",
  bank_transfer: "Überweisung",
  standing_order: "Dauerauftrag",
};
