import { randomUUID } from "node:crypto";
import type {
  ActorKind,
  AppointmentStatus,
  AppointmentType,
  DocumentType,
  RepairStatus,
} from "@mieter-portal/contracts";
import type { FileStore } from "../../lib/file-store.js";
import { tenancySearchText, tenantSearchText } from "../../lib/search-text.js";
import { tenantSortKey } from "../../lib/sort-key.js";
import { ensureBuilding } from "../../repositories/buildings.js";
import { refreshThreadSummaries } from "../../repositories/messages.js";
import type { Db } from "../connection.js";

/**
 * Insert helpers for seed data. A seed writes data, not route logic, so these go straight to the
 * tables of db/types.ts and follow its storage conventions (cents, thousandths, ISO instants).
 */

export interface Actor {
  kind: ActorKind;
  name: string;
}

export async function insertTenant(
  db: Db,
  t: { email: string; passwordHash: string; firstName: string; lastName: string; createdAt: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("tenants")
    .values({
      id,
      email: t.email,
      email_normalized: t.email.trim().toLowerCase(),
      password_hash: t.passwordHash,
      first_name: t.firstName,
      last_name: t.lastName,
      search_text: tenantSearchText(t),
      sort_key: tenantSortKey(t),
      password_changed_at: t.createdAt,
      created_at: t.createdAt,
    })
    .execute();
  return id;
}

export interface TenancySeed {
  address: string;
  apartmentNumber: string | null;
  startDate: string;
  endDate?: string | null;
  baseRentCents: number;
  utilitiesCents: number;
  paymentMethod: "sepa_direct_debit" | "bank_transfer" | "standing_order";
  dueDay: number;
  ibanLast4?: string | null;
  createdAt: string;
}

export async function insertTenancy(db: Db, tenantId: string, t: TenancySeed): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("tenancies")
    .values({
      id,
      tenant_id: tenantId,
      address: t.address,
      building_id: await ensureBuilding(db, t.address),
      apartment_number: t.apartmentNumber,
      search_text: tenancySearchText({ address: t.address, unit: t.apartmentNumber }),
      start_date: t.startDate,
      end_date: t.endDate ?? null,
      base_rent_cents: t.baseRentCents,
      utilities_cents: t.utilitiesCents,
      payment_method: t.paymentMethod,
      due_day: t.dueDay,
      iban_last4: t.ibanLast4 ?? null,
      created_at: t.createdAt,
    })
    .execute();
  return id;
}

export interface PaymentSeed {
  amountCents: number;
  status: "paid" | "pending" | "overdue";
  dueDate: string;
  paidAt: string | null;
  description: string;
  createdAt: string;
}

export async function insertPayments(db: Db, tenantId: string, tenancyId: string, payments: PaymentSeed[]) {
  // Chunks keep each statement well under SQLite's bound-parameter limit.
  for (let i = 0; i < payments.length; i += 50) {
    await db
      .insertInto("payments")
      .values(
        payments.slice(i, i + 50).map((p) => ({
          id: randomUUID(),
          tenant_id: tenantId,
          tenancy_id: tenancyId,
          amount_cents: p.amountCents,
          currency: "EUR",
          status: p.status,
          due_date: p.dueDate,
          paid_at: p.paidAt,
          description: p.description,
          created_at: p.createdAt,
          // The rent ledger's month (unique per tenancy) and what is paid of it.
          period: p.dueDate.slice(0, 7),
          paid_cents: p.status === "paid" ? p.amountCents : 0,
        })),
      )
      .execute();
  }
}

export async function insertInvoice(
  db: Db,
  tenantId: string,
  i: { title: string; amountCents: number; issuedAt: string; dueDate: string; paidAt: string | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("invoices")
    .values({
      id,
      tenant_id: tenantId,
      title: i.title,
      amount_cents: i.amountCents,
      currency: "EUR",
      issued_at: i.issuedAt,
      due_date: i.dueDate,
      paid_at: i.paidAt,
      created_at: i.issuedAt,
    })
    .execute();
  return id;
}

/** The staff member who signs the management's messages; created once, found afterwards. */
export async function ensureStaffUser(db: Db, s: { email: string; name: string; createdAt: string }): Promise<string> {
  await db
    .insertInto("staff_users")
    .values({
      id: randomUUID(),
      email: s.email,
      email_normalized: s.email.toLowerCase(),
      name: s.name,
      password_hash: null,
      password_changed_at: null,
      totp_secret: null,
      last_digest_at: null,
      created_at: s.createdAt,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const row = await db.selectFrom("staff_users").select("id").where("email", "=", s.email).executeTakeFirstOrThrow();
  return row.id;
}

export interface ThreadMessageSeed {
  direction: "inbound" | "outbound";
  actor: Actor;
  staffUserId?: string | null;
  content: string;
  receivedAt: string;
  readAt: string | null;
}

export async function insertThread(
  db: Db,
  tenantId: string,
  subject: string,
  messages: ThreadMessageSeed[],
): Promise<string> {
  const threadId = randomUUID();
  const times = messages.map((m) => m.receivedAt).sort();
  await db
    .insertInto("message_threads")
    .values({
      id: threadId,
      tenant_id: tenantId,
      subject,
      created_at: times[0]!,
      last_message_at: times[times.length - 1]!,
    })
    .execute();
  await db
    .insertInto("messages")
    .values(
      messages.map((m) => ({
        id: randomUUID(),
        thread_id: threadId,
        tenant_id: tenantId,
        direction: m.direction,
        actor_kind: m.actor.kind,
        staff_user_id: m.staffUserId ?? null,
        sender_name: m.actor.name,
        content: m.content,
        received_at: m.receivedAt,
        read_at: m.readAt,
      })),
    )
    .execute();
  await refreshThreadSummaries(db, [threadId]);
  return threadId;
}

export interface AppointmentSeed {
  type: AppointmentType;
  title: string;
  status: AppointmentStatus;
  /** tenant: the tenant's request (requested day and slot); management: a proposal the tenant confirms. */
  origin: "tenant" | "management";
  startTime: string;
  endTime: string;
  requestedDate?: string | null;
  timeSlot?: "morning" | "afternoon" | "evening" | null;
  notes?: string | null;
  location?: string | null;
  /** Status changes in order; the first one is the creation. */
  changes: { status: AppointmentStatus; at: string; actor: Actor }[];
}

export async function insertAppointment(db: Db, tenantId: string, a: AppointmentSeed): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("appointments")
    .values({
      id,
      tenant_id: tenantId,
      type: a.type,
      title: a.title,
      status: a.status,
      origin: a.origin,
      start_time: a.startTime,
      end_time: a.endTime,
      requested_date: a.requestedDate ?? null,
      time_slot: a.timeSlot ?? null,
      notes: a.notes ?? null,
      location: a.location ?? null,
      created_at: a.changes[0]!.at,
      updated_at: a.changes[a.changes.length - 1]!.at,
    })
    .execute();
  await db
    .insertInto("appointment_status_changes")
    .values(
      a.changes.map((c) => ({
        id: randomUUID(),
        appointment_id: id,
        status: c.status,
        changed_at: c.at,
        actor_kind: c.actor.kind,
        actor_name: c.actor.name,
      })),
    )
    .execute();
  return id;
}

export interface DocumentSeed {
  title: string;
  type: DocumentType;
  bytes: Buffer;
  filename: string;
  mimeType: string;
  uploadedAt: string;
  actorKind: ActorKind;
}

/** Stores the bytes in the file store and the row in the database; returns the storage key. */
export async function insertDocument(db: Db, files: FileStore, tenantId: string, d: DocumentSeed): Promise<string> {
  const storageKey = await files.put(d.bytes);
  await db
    .insertInto("documents")
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      title: d.title,
      type: d.type,
      mime_type: d.mimeType,
      size_bytes: d.bytes.length,
      storage_key: storageKey,
      original_filename: d.filename,
      uploaded_at: d.uploadedAt,
      is_tenant_uploaded: d.actorKind === "tenant" ? 1 : 0,
      actor_kind: d.actorKind,
    })
    .execute();
  return storageKey;
}

export interface PhotoSeed {
  ownerType: "meter_reading" | "repair";
  ownerId: string;
  meter?: "water" | "electricity" | "heating" | null;
  position: number;
  filename: string;
  bytes: Buffer;
  mimeType: string;
  createdAt: string;
}

export async function insertPhoto(db: Db, files: FileStore, tenantId: string, p: PhotoSeed): Promise<string> {
  const storageKey = await files.put(p.bytes);
  await db
    .insertInto("photos")
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      owner_type: p.ownerType,
      owner_id: p.ownerId,
      meter: p.meter ?? null,
      position: p.position,
      filename: p.filename,
      mime_type: p.mimeType,
      size_bytes: p.bytes.length,
      storage_key: storageKey,
      created_at: p.createdAt,
    })
    .execute();
  return storageKey;
}

export async function insertMeterReading(
  db: Db,
  tenantId: string,
  r: { readingDate: string; submittedAt: string; waterMilli: number; electricityMilli: number; heatingMilli: number },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("meter_readings")
    .values({
      id,
      tenant_id: tenantId,
      reading_date: r.readingDate,
      submitted_at: r.submittedAt,
      water_milli: r.waterMilli,
      electricity_milli: r.electricityMilli,
      heating_milli: r.heatingMilli,
    })
    .execute();
  return id;
}

export interface RepairSeed {
  type: string;
  location: string;
  description: string;
  urgency: string;
  plannedDate?: string | null;
  /** Status changes in order; the first is the report, the last is the current status. */
  history: { status: RepairStatus; at: string; actor: Actor; note?: string | null }[];
}

export async function insertRepair(db: Db, tenantId: string, r: RepairSeed): Promise<string> {
  const id = randomUUID();
  const first = r.history[0]!;
  const last = r.history[r.history.length - 1]!;
  await db
    .insertInto("repairs")
    .values({
      id,
      tenant_id: tenantId,
      type: r.type,
      location: r.location,
      description: r.description,
      urgency: r.urgency,
      status: last.status,
      reported_at: first.at,
      planned_date: r.plannedDate ?? null,
      completed_at: last.status === "completed" ? last.at : null,
      updated_at: last.at,
    })
    .execute();
  await db
    .insertInto("repair_status_history")
    .values(
      r.history.map((h) => ({
        id: randomUUID(),
        repair_id: id,
        status: h.status,
        changed_at: h.at,
        actor_kind: h.actor.kind,
        actor_name: h.actor.name,
        note: h.note ?? null,
      })),
    )
    .execute();
  return id;
}
