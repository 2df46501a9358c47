/*
 * The log in German (issue 25 item 17): each entry becomes '<Mitarbeiter> <action_label>: <item>
 * (<tenant>)' with links in the console, and "Vorher/nachher" German field names with euros and
 * dates instead of the stored JSON (kept in `before`/`after` for exports).
 */

import {
  EMERGENCY_TYPE_LABELS,
  type EmergencyType,
  REPAIR_STATUS_LABELS,
  type RepairStatus,
} from "@mieter-portal/contracts";
import { STAFF_ROLE_LABELS, type StaffRole } from "@mieter-portal/contracts/staff";

/** What was done, as the rest of a sentence after the staff member's name. */
const ACTION_LABELS: Record<string, string> = {
  "appointment.accepted": "hat einen Termin bestätigt",
  "building.site_set": "hat die Lage eines Hauses festgelegt",
  "appointment.assigned": "hat einen Termin zugewiesen",
  "appointment.created": "hat einen Termin angelegt",
  "appointment.declined": "hat einen Termin abgelehnt",
  "appointment.internal_note": "hat eine interne Notiz zu einem Termin geschrieben",
  "appointment.proposed": "hat einen Termin vorgeschlagen",
  "appointment.rescheduled": "hat einen Termin verschoben",
  "canned_reply.created": "hat einen Textbaustein angelegt",
  "canned_reply.deleted": "hat einen Textbaustein gelöscht",
  "canned_reply.updated": "hat einen Textbaustein geändert",
  "document.published": "hat ein Dokument veröffentlicht",
  "ledger.csv_layout_saved": "hat ein Kontoauszugsformat gespeichert",
  "ledger.line_assigned": "hat eine Zahlung zugeordnet",
  "ledger.payment_recorded": "hat eine Zahlung erfasst",
  "ledger.reminder_sent": "hat eine Zahlungserinnerung gesendet",
  "ledger.rent_changed": "hat die Miete geändert",
  "ledger.statement_imported": "hat einen Kontoauszug gebucht",
  "message.assigned": "hat eine Nachricht zugewiesen",
  "message.handled": "hat eine Nachricht als erledigt markiert",
  "message.internal_note": "hat eine interne Notiz zu einer Nachricht geschrieben",
  "message.replied": "hat eine Nachricht beantwortet",
  "message.started": "hat eine Nachricht an einen Mieter begonnen",
  "meter_campaign.exported": "hat eine Ablesung exportiert",
  "meter_campaign.reminded": "hat an eine Ablesung erinnert",
  "meter_campaign.started": "hat eine Ablesung gestartet",
  "meter_reading.accepted": "hat einen Zählerstand übernommen",
  "meter_reading.assigned": "hat einen Zählerstand zugewiesen",
  "meter_reading.renewal_requested": "hat einen Zählerstand neu angefordert",
  "notice.created": "hat einen Aushang veröffentlicht",
  "notice.ended": "hat einen Aushang beendet",
  "notice.updated": "hat einen Aushang geändert",
  "repair.assigned": "hat eine Reparatur zugewiesen",
  "repair.created": "hat eine Reparatur angelegt",
  "repair.internal_note": "hat eine interne Notiz zu einer Reparatur geschrieben",
  "repair.status_changed": "hat den Status einer Reparatur geändert",
  "service_kind.created": "hat eine Leistung in den Katalog aufgenommen",
  "sepa.creditor_saved": "hat die Gläubigerdaten für Lastschriften gespeichert",
  "sepa.mandate_created": "hat ein SEPA-Lastschriftmandat erfasst",
  "sepa.mandate_revoked": "hat ein SEPA-Lastschriftmandat widerrufen",
  "sepa.return_booked": "hat eine Rücklastschrift gebucht",
  "sepa.return_fee_decided": "hat über die Gebühr einer Rücklastschrift entschieden",
  "sepa.run_cancelled": "hat einen Lastschrifteinzug storniert",
  "sepa.run_created": "hat einen Lastschrifteinzug angelegt",
  "sepa.run_downloaded": "hat eine Lastschriftdatei heruntergeladen",
  "service_plan.changed": "hat einen Leistungsplan geändert",
  "service_plan.created": "hat einen Leistungsplan angelegt",
  "service_plan.ended": "hat einen Leistungsplan beendet",
  "service_proof.downloaded": "hat einen Nachweis der Hausdienste heruntergeladen",
  "service_record.corrected": "hat einen Einsatz korrigiert",
  "service_record.finished": "hat einen Einsatz abgeschlossen",
  "service_record.started": "hat einen Einsatz begonnen",
  "service_rating.saved": "hat einen Einsatz bewertet",
  "service_report.created": "hat eine fehlende Leistung gemeldet",
  "service_visit.missed_closed": "hat einen verpassten Einsatz erledigt",
  "staff.created": "hat einen Mitarbeiter angelegt",
  "staff.invitation_accepted": "hat die Einladung angenommen",
  "staff.invitation_sent": "hat einen Mitarbeiter eingeladen",
  "staff.password_changed": "hat das Passwort geändert",
  "staff.password_reset": "hat das Passwort zurückgesetzt",
  "staff.password_reset_requested": "hat einen Link zum Zurücksetzen des Passworts angefordert",
  "staff.sign_in_failed": "hat sich vergeblich anzumelden versucht",
  "staff.signed_in": "hat sich angemeldet",
  "staff.totp_disabled": "hat die Zwei-Faktor-Anmeldung abgeschaltet",
  "staff.totp_enabled": "hat die Zwei-Faktor-Anmeldung eingerichtet",
  "staff.totp_reset": "hat den zweiten Faktor eines Mitarbeiters zurückgesetzt",
  "staff.updated": "hat einen Mitarbeiter geändert",
  "tenancy.end": "hat ein Mietverhältnis beendet",
  "tenant.create": "hat einen Mieter angelegt",
  "tenant.import": "hat Mieter importiert",
  "tenant.internal_note": "hat eine interne Notiz zu einem Mieter geschrieben",
  "tenant.invite_email": "hat einen Mieter per E-Mail eingeladen",
  "tenant.invite_letter": "hat einen Einladungsbrief erstellt",
  "tenant.update_contact": "hat die Kontaktdaten eines Mieters geändert",
};

const ENTITY_NAMES: Record<string, string> = {
  appointment: "Termin",
  bank_import: "Kontoauszug",
  bank_transaction: "Zahlung",
  building: "Haus",
  canned_reply: "Textbaustein",
  document_publication: "Dokument",
  message: "Nachricht",
  meter_campaign: "Ablesung",
  meter_reading: "Zählerstand",
  notice: "Aushang",
  repair: "Reparatur",
  sepa_creditor: "Gläubigerdaten",
  sepa_return: "Rücklastschrift",
  sepa_run: "Lastschrifteinzug",
  service_kind: "Leistung",
  service_plan: "Leistungsplan",
  service_record: "Einsatz",
  service_rating: "Bewertung",
  service_report: "Leistung fehlt",
  service_visit: "Geplanter Einsatz",
  staff: "Mitarbeiter",
  tenancy: "Mietverhältnis",
  tenant: "Mieter",
  tenant_import: "Mieter-Import",
};

/** An action the list does not know yet still reads as German: 'hat etwas geändert (Reparatur)'. */
export function actionLabel(action: string, entityType: string): string {
  return ACTION_LABELS[action] ?? `hat etwas geändert (${ENTITY_NAMES[entityType] ?? "Eintrag"})`;
}

export const APPOINTMENT_STATUS: Record<string, string> = {
  pending: "Angefragt",
  confirmed: "Bestätigt",
  canceled: "Abgesagt",
  completed: "Erledigt",
};

export const PAYMENT_METHODS: Record<string, string> = {
  sepa_direct_debit: "Lastschrift",
  bank_transfer: "Überweisung",
  standing_order: "Dauerauftrag",
};

/** A notice's kind as the console names it ("Störung: Wasserausfall" or "Information"). */
export const NOTICE_KINDS: Record<string, string> = {
  information: "Information",
  emergency: "Störung",
};

/**
 * Why a staff sign-in failed, as routes/staff/auth.ts records it. The caller gets one answer for a
 * wrong password and an unknown address (nobody learns which addresses exist); the log, read by
 * Administrators only, tells them apart. "password" is what entries before that distinction say.
 */
export const SIGN_IN_FAILURE_REASONS: Record<string, string> = {
  unknown_email: "unbekannte E-Mail-Adresse",
  wrong_password: "falsches Passwort",
  password: "falsches Passwort oder unbekannte E-Mail-Adresse",
  totp: "falscher oder bereits benutzter Code",
};

export type Names = {
  items: Map<string, { label: string; tenant: { id: string; name: string } | null }>;
  staff: Map<string, string>;
  buildings: Map<string, string>;
};

export const fullName = (t: { first_name: string; last_name: string }) => `${t.first_name} ${t.last_name}`.trim();

export const berlinDateTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  dateStyle: "medium",
  timeStyle: "short",
});

export const euros = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

export const formatCalendarDate = (day: string) => {
  const [y, m, d] = day.split("-");
  return `${d}.${m}.${y}`;
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** German names of the stored fields; a field not named here (ids, internals) is not shown. */
const FIELD_LABELS: Record<string, string> = {
  access_until: "Zugang bis",
  active: "Aktiv",
  assignee_id: "Zuständig",
  base_rent_cents: "Kaltmiete",
  bic: "BIC",
  body: "Text",
  building_ids: "Gebäude",
  content_hash: "Prüfsumme (SHA-256)",
  distance_m: "Entfernung zum Objekt (m)",
  channel: "Weg",
  charges: "Offene Posten",
  checklist: "Checkliste",
  content: "Nachricht",
  collection_date: "Einzugsdatum",
  creditor_id: "Gläubiger-ID",
  debtor_name: "Kontoinhaber",
  downloaded: "Schon heruntergeladen",
  fee_cents: "Gebühr",
  amount_cents: "Betrag",
  iban_masked: "IBAN",
  item_count: "Lastschriften",
  lead_days: "Vorlauf (Bankarbeitstage)",
  message_id: "Datei",
  month: "Monat",
  pass_on: "An Mieter weiterberechnet",
  prenotice_days: "Vorabankündigung (Tage)",
  reference: "Mandatsreferenz",
  replaced: "Ersetztes Mandat",
  signed_on: "Unterschrieben am",
  total_cents: "Summe",
  decline_reason: "Ablehnungsgrund",
  due_day: "Fällig am",
  email: "E-Mail",
  emergency_type: "Art der Störung",
  end_date: "Ende",
  end_time: "Ende",
  finished_at: "Ende",
  ends_on: "Bis",
  expires_at: "Gültig bis",
  first_name: "Vorname",
  kind: "Art",
  last_name: "Nachname",
  location: "Ort",
  mailed_to: "Per E-Mail benachrichtigt",
  name: "Name",
  note: "Notiz",
  note_to_tenant: "Nachricht an den Mieter",
  on_site: "Am Objekt",
  outage_from: "Störung ab",
  outage_until: "Störung bis",
  overdue_cents: "Überfällig",
  pay_by: "Zahlen bis",
  payment_method: "Zahlungsweise",
  planned_date: "Geplant am",
  planned_window: "Zeitfenster",
  reason: "Grund",
  recurrence: "Rhythmus",
  remark: "Bemerkung",
  role: "Rolle",
  season: "Saison",
  start_date: "Beginn",
  started_at: "Beginn",
  start_time: "Beginn",
  starts_on: "Ab",
  stars: "Sterne",
  comment: "Kommentar",
  service: "Leistung",
  occurred_on: "Tag",
  photo_count: "Fotos",
  status: "Status",
  team: "Team",
  tenant_visible: "Für Mieter sichtbar",
  text: "Text",
  title: "Titel",
  to: "An",
  totp_enabled: "Zweiter Faktor",
  utilities_cents: "Nebenkosten",
  valid_from: "Gültig ab",
  valid_until: "Gültig bis",
  window: "Zeitfenster",
};

function valueText(key: string, value: unknown, names: Names, side: Record<string, unknown>): string | null {
  if (value === null || value === undefined || value === "") return null;
  // A failed sign-in's reason is a stored key; any other "reason" is what staff wrote.
  if (key === "reason" && "email" in side && typeof value === "string" && SIGN_IN_FAILURE_REASONS[value])
    return SIGN_IN_FAILURE_REASONS[value];
  if (key === "kind" && typeof value === "string") return NOTICE_KINDS[value] ?? null;
  if (key === "emergency_type" && typeof value === "string")
    return EMERGENCY_TYPE_LABELS[value as EmergencyType] ?? null;
  if (key === "mailed_to" && typeof value === "number") return `${new Intl.NumberFormat("de-DE").format(value)} Mieter`;
  if (key === "assignee_id")
    return typeof value === "string" ? (names.staff.get(value) ?? "ein ehemaliger Mitarbeiter") : null;
  if (key === "building_ids" && Array.isArray(value))
    return value.map((id) => names.buildings.get(String(id)) ?? "ein Gebäude").join(", ") || null;
  if (key.endsWith("_cents") && typeof value === "number") return euros.format(value / 100);
  if (key === "status" && typeof value === "string")
    return REPAIR_STATUS_LABELS[value as RepairStatus] ?? APPOINTMENT_STATUS[value] ?? value;
  if (key === "role" && typeof value === "string") return STAFF_ROLE_LABELS[value as StaffRole] ?? value;
  if (key === "payment_method" && typeof value === "string") return PAYMENT_METHODS[value] ?? value;
  if (key === "channel") return value === "letter" ? "Brief" : value === "email" ? "E-Mail" : String(value);
  if (key === "due_day") return `${String(value)}.`;
  if (typeof value === "boolean" || ((key === "active" || key === "on_site") && typeof value === "number"))
    return value ? "Ja" : "Nein";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? value : berlinDateTime.format(at);
  }
  if (typeof value === "number") return new Intl.NumberFormat("de-DE").format(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(", ") || null;
  if (typeof value === "string") return value;
  return null;
}

/** Vorher/nachher as German field names and values; fields equal on both sides are left out when both exist. */
export function changesOf(before: unknown, after: unknown, names: Names) {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const both = isRecord(before) && isRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => FIELD_LABELS[k]);
  return keys
    .map((k) => ({
      field: FIELD_LABELS[k] as string,
      before: valueText(k, b[k], names, b),
      after: valueText(k, a[k], names, a),
    }))
    .filter((c) => (c.before !== null || c.after !== null) && !(both && c.before === c.after));
}
