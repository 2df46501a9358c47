import type { Kysely } from "kysely";

/**
 * Issue 25 §1, §14: the management's message to the tenant is kept with the appointment.
 * - appointment_status_changes.note: what the management wrote with that change (accept, propose,
 *   reschedule: the message; decline or cancel: the reason); the history the console shows.
 * - appointments.management_note: the message of the management's latest answer, which the tenant
 *   reads on the appointment page (null when that answer had none).
 * - appointments.calendar_sequence: the iCalendar SEQUENCE of the appointment's .ics (RFC 5545
 *   §3.8.7.4), raised by each mail that carries one, so a calendar replaces the older version.
 * - notification_outbox.calendar_ics: the .ics text a mail carries as attachment (null: none).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointment_status_changes").addColumn("note", "text").execute();
  await db.schema.alterTable("appointments").addColumn("management_note", "text").execute();
  await db.schema
    .alterTable("appointments")
    .addColumn("calendar_sequence", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("notification_outbox").addColumn("calendar_ics", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notification_outbox").dropColumn("calendar_ics").execute();
  await db.schema.alterTable("appointments").dropColumn("calendar_sequence").execute();
  await db.schema.alterTable("appointments").dropColumn("management_note").execute();
  await db.schema.alterTable("appointment_status_changes").dropColumn("note").execute();
}
