import { randomUUID } from "node:crypto";
import { REPAIR_STATUS_LABELS, type RepairStatus } from "@mieter-portal/contracts";
import { type AuditEntry, STAFF_ROLE_LABELS, type StaffRole } from "@mieter-portal/contracts/staff";
import type { Db } from "../../db/connection.js";
import { repairTitle } from "../../lib/repair-titles.js";

/** Who did it, from where: every staff write passes this to recordAudit. */
export interface AuditActor {
  staffId: string | null;
  name: string;
  ip: string | null;
}

export interface AuditRecord {
  action: string;
  entityType: string;
  entityId?: string | null;
  buildingId?: string | null;
  before?: unknown;
  after?: unknown;
}

let lastAt = 0;
/** Strictly increasing within the process, so entries of one request keep their order in the log. */
function nextInstant(): string {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return new Date(lastAt).toISOString();
}

/**
 * Appends to the audit log, in the caller's transaction so the entry exists exactly when the change
 * does. The log is append-only: nothing here (or anywhere) updates or deletes its rows.
 */
export async function recordAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      at: nextInstant(),
      staff_id: actor.staffId,
      staff_name: actor.name,
      action: record.action,
      entity_type: record.entityType,
      entity_id: record.entityId ?? null,
      building_id: record.buildingId ?? null,
      before_json: record.before === undefined ? null : JSON.stringify(record.before),
      after_json: record.after === undefined ? null : JSON.stringify(record.after),
      ip: actor.ip,
    })
    .execute();
}

const encode = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString("base64url");
const decode = (cursor: string) => {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return at && id ? { at, id } : undefined;
};

/** Newest first, filtered, one page. */
export async function listAudit(
  db: Db,
  filter: {
    staff?: string;
    entity_type?: string;
    action?: string;
    from?: string;
    to?: string;
    cursor?: string;
    limit: number;
  },
): Promise<{ items: AuditEntry[]; next_cursor: string | null } | "bad_cursor"> {
  const after = filter.cursor ? decode(filter.cursor) : undefined;
  if (filter.cursor && !after) return "bad_cursor";
  let query = db.selectFrom("audit_log").selectAll();
  if (filter.staff) query = query.where("staff_id", "=", filter.staff);
  if (filter.entity_type) query = query.where("entity_type", "=", filter.entity_type);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.from) query = query.where("at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("at", "<=", `${filter.to}T23:59:59.999Z`);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb("at", "<", after.at), eb.and([eb("at", "=", after.at), eb("id", "<", after.id)])]),
    );
  }
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1];
  const parsed = page.map((r) => ({
    row: r,
    before: r.before_json ? (JSON.parse(r.before_json) as unknown) : null,
    after: r.after_json ? (JSON.parse(r.after_json) as unknown) : null,
  }));
  const names = await namesOf(db, parsed);
  return {
    items: parsed.map(({ row: r, before, after }) => {
      const item = r.entity_id ? names.items.get(`${r.entity_type}:${r.entity_id}`) : undefined;
      return {
        id: r.id,
        at: r.at,
        staff: { id: r.staff_id, name: r.staff_name },
        action: r.action,
        action_label: actionLabel(r.action, r.entity_type),
        entity_type: r.entity_type,
        entity_id: r.entity_id,
        item: item && r.entity_id ? { kind: r.entity_type, id: r.entity_id, label: item.label } : null,
        tenant: item?.tenant ?? null,
        changes: changesOf(before, after, names),
        before,
        after,
        ip: r.ip,
      };
    }),
    next_cursor: rows.length > filter.limit && last ? encode(last.at, last.id) : null,
  };
}

/*
 * The log in German (issue 25 item 17): each entry becomes '<Mitarbeiter> <action_label>: <item>
 * (<tenant>)' with links in the console, and "Vorher/nachher" German field names with euros and
 * dates instead of the stored JSON (kept in `before`/`after` for exports).
 */

/** What was done, as the rest of a sentence after the staff member's name. */
const ACTION_LABELS: Record<string, string> = {
  "appointment.accepted": "hat einen Termin bestätigt",
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
  canned_reply: "Textbaustein",
  document_publication: "Dokument",
  message: "Nachricht",
  meter_campaign: "Ablesung",
  meter_reading: "Zählerstand",
  notice: "Aushang",
  repair: "Reparatur",
  staff: "Mitarbeiter",
  tenancy: "Mietverhältnis",
  tenant: "Mieter",
  tenant_import: "Mieter-Import",
};

/** An action the list does not know yet still reads as German: 'hat etwas geändert (Reparatur)'. */
function actionLabel(action: string, entityType: string): string {
  return ACTION_LABELS[action] ?? `hat etwas geändert (${ENTITY_NAMES[entityType] ?? "Eintrag"})`;
}

const APPOINTMENT_STATUS: Record<string, string> = {
  pending: "Angefragt",
  confirmed: "Bestätigt",
  canceled: "Abgesagt",
  completed: "Erledigt",
};
const PAYMENT_METHODS: Record<string, string> = {
  sepa_direct_debit: "Lastschrift",
  bank_transfer: "Überweisung",
  standing_order: "Dauerauftrag",
};

type Names = {
  items: Map<string, { label: string; tenant: { id: string; name: string } | null }>;
  staff: Map<string, string>;
  buildings: Map<string, string>;
};

const fullName = (t: { first_name: string; last_name: string }) => `${t.first_name} ${t.last_name}`.trim();
const berlinDateTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  dateStyle: "medium",
  timeStyle: "short",
});
const euros = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
const formatCalendarDate = (day: string) => {
  const [y, m, d] = day.split("-");
  return `${d}.${m}.${y}`;
};

/** The labels of the entries' items and tenants, and the names of staff and buildings their changes name. */
async function namesOf(
  db: Db,
  entries: { row: { entity_type: string; entity_id: string | null }; before: unknown; after: unknown }[],
): Promise<Names> {
  const ids = (type: string) => [
    ...new Set(
      entries.filter((e) => e.row.entity_type === type && e.row.entity_id).map((e) => e.row.entity_id as string),
    ),
  ];
  const staffIds = new Set<string>(ids("staff"));
  const buildingIds = new Set<string>();
  const tenantIds = new Set<string>(ids("tenant"));
  for (const e of entries) {
    for (const side of [e.before, e.after]) {
      if (!isRecord(side)) continue;
      if (typeof side.assignee_id === "string") staffIds.add(side.assignee_id);
      if (typeof side.tenant_id === "string") tenantIds.add(side.tenant_id);
      if (Array.isArray(side.building_ids))
        for (const b of side.building_ids) if (typeof b === "string") buildingIds.add(b);
    }
  }
  const items: Names["items"] = new Map();
  const tenantsById = new Map<string, string>();
  const [repairs, appointments, threads, readings, tenancies] = await Promise.all([
    some(ids("repair"), (list) =>
      db.selectFrom("repairs").select(["id", "type", "location", "tenant_id"]).where("id", "in", list).execute(),
    ),
    some(ids("appointment"), (list) =>
      db.selectFrom("appointments").select(["id", "title", "tenant_id"]).where("id", "in", list).execute(),
    ),
    some(ids("message"), (list) =>
      db.selectFrom("message_threads").select(["id", "subject", "tenant_id"]).where("id", "in", list).execute(),
    ),
    some(ids("meter_reading"), (list) =>
      db.selectFrom("meter_readings").select(["id", "reading_date", "tenant_id"]).where("id", "in", list).execute(),
    ),
    some(ids("tenancy"), (list) =>
      db
        .selectFrom("tenancies")
        .select(["id", "address", "apartment_number", "tenant_id"])
        .where("id", "in", list)
        .execute(),
    ),
  ]);
  for (const r of [...repairs, ...appointments, ...threads, ...readings, ...tenancies])
    if (r.tenant_id) tenantIds.add(r.tenant_id);
  const [tenants, staff, buildings, replies, notices] = await Promise.all([
    some([...tenantIds], (list) =>
      db.selectFrom("tenants").select(["id", "first_name", "last_name"]).where("id", "in", list).execute(),
    ),
    some([...staffIds], (list) =>
      db.selectFrom("staff_users").select(["id", "name"]).where("id", "in", list).execute(),
    ),
    some([...buildingIds], (list) =>
      db.selectFrom("buildings").select(["id", "name"]).where("id", "in", list).execute(),
    ),
    some(ids("canned_reply"), (list) =>
      db.selectFrom("canned_replies").select(["id", "title"]).where("id", "in", list).execute(),
    ),
    some(ids("notice"), (list) => db.selectFrom("notices").select(["id", "title"]).where("id", "in", list).execute()),
  ]);
  for (const t of tenants) tenantsById.set(t.id, fullName(t));
  const tenant = (id: string | null) => {
    if (id === null) return null;
    const name = tenantsById.get(id);
    return name === undefined ? null : { id, name };
  };
  for (const r of repairs)
    items.set(`repair:${r.id}`, { label: repairTitle(r.type, r.location), tenant: tenant(r.tenant_id) });
  for (const a of appointments) items.set(`appointment:${a.id}`, { label: a.title, tenant: tenant(a.tenant_id) });
  for (const t of threads) items.set(`message:${t.id}`, { label: t.subject, tenant: tenant(t.tenant_id) });
  for (const m of readings)
    items.set(`meter_reading:${m.id}`, {
      label: `Zählerstand vom ${formatCalendarDate(m.reading_date)}`,
      tenant: tenant(m.tenant_id),
    });
  for (const t of tenancies)
    items.set(`tenancy:${t.id}`, {
      label: [t.address, t.apartment_number ? `Whg. ${t.apartment_number}` : null].filter(Boolean).join(", "),
      tenant: tenant(t.tenant_id),
    });
  for (const id of ids("tenant")) {
    const name = tenantsById.get(id);
    if (name !== undefined) items.set(`tenant:${id}`, { label: name, tenant: null });
  }
  for (const m of staff) items.set(`staff:${m.id}`, { label: m.name, tenant: null });
  for (const c of replies) items.set(`canned_reply:${c.id}`, { label: c.title, tenant: null });
  for (const n of notices) items.set(`notice:${n.id}`, { label: n.title, tenant: null });
  return {
    items,
    staff: new Map(staff.map((m) => [m.id, m.name])),
    buildings: new Map(buildings.map((b) => [b.id, b.name])),
  };
}

async function some<T>(list: string[], load: (list: string[]) => Promise<T[]>): Promise<T[]> {
  return list.length === 0 ? [] : load(list);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** German names of the stored fields; a field not named here (ids, internals) is not shown. */
const FIELD_LABELS: Record<string, string> = {
  access_until: "Zugang bis",
  active: "Aktiv",
  assignee_id: "Zuständig",
  base_rent_cents: "Kaltmiete",
  body: "Text",
  building_ids: "Gebäude",
  channel: "Weg",
  decline_reason: "Ablehnungsgrund",
  due_day: "Fällig am",
  email: "E-Mail",
  end_date: "Ende",
  end_time: "Ende",
  ends_on: "Bis",
  expires_at: "Gültig bis",
  first_name: "Vorname",
  last_name: "Nachname",
  location: "Ort",
  name: "Name",
  note: "Notiz",
  note_to_tenant: "Nachricht an den Mieter",
  payment_method: "Zahlungsweise",
  planned_date: "Geplant am",
  reason: "Grund",
  role: "Rolle",
  start_date: "Beginn",
  start_time: "Beginn",
  starts_on: "Ab",
  status: "Status",
  title: "Titel",
  to: "An",
  totp_enabled: "Zweiter Faktor",
  utilities_cents: "Nebenkosten",
};

function valueText(key: string, value: unknown, names: Names): string | null {
  if (value === null || value === undefined || value === "") return null;
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
  if (typeof value === "boolean" || (key === "active" && typeof value === "number")) return value ? "Ja" : "Nein";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? value : berlinDateTime.format(at);
  }
  if (typeof value === "number") return new Intl.NumberFormat("de-DE").format(value);
  if (typeof value === "string") return value;
  return null;
}

/** Vorher/nachher as German field names and values; fields equal on both sides are left out when both exist. */
function changesOf(before: unknown, after: unknown, names: Names) {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const both = isRecord(before) && isRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => FIELD_LABELS[k]);
  return keys
    .map((k) => ({
      field: FIELD_LABELS[k] as string,
      before: valueText(k, b[k], names),
      after: valueText(k, a[k], names),
    }))
    .filter((c) => (c.before !== null || c.after !== null) && !(both && c.before === c.after));
}
