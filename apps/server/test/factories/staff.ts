import type { Db } from "../../src/db/connection.js";
import type { Mail, Mailer } from "../../src/lib/mailer.js";

/** Two buildings: staff "A" work in the first, staff "B" in the second. */
export const BUILDING_A = "Lindenstraße 5, 10969 Berlin";
export const BUILDING_B = "Gartenweg 12, 10115 Berlin";

/** The default brand's name: staff sign towards tenants as "Name, Grünfeld Hausverwaltung". */
export const COMPANY = "Grünfeld Hausverwaltung";

/** A mailer that keeps every mail it was given. */
export function collectingMailer(): { mailer: Mailer; sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, mailer: { send: async (mail) => void sent.push(mail) } };
}

/** The outbox rows for one recipient (sent or not), oldest first. */
export function outboxTo(db: Db, recipientId: string) {
  return db
    .selectFrom("notification_outbox")
    .selectAll()
    .where("recipient_id", "=", recipientId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The audit entries of one entity, oldest first, with before/after parsed. */
export async function auditOf(db: Db, entityId: string) {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("entity_id", "=", entityId)
    .orderBy("at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    ...r,
    before: r.before_json ? JSON.parse(r.before_json) : null,
    after: r.after_json ? JSON.parse(r.after_json) : null,
  }));
}

/** How many rows a table holds (to prove that a refused request wrote nothing). */
export async function countRows(
  db: Db,
  table: "audit_log" | "notification_outbox" | "appointments" | "appointment_status_changes" | "message_threads",
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts of the tables a staff write touches, to compare before and after a refused request. */
export async function writeCounts(db: Db) {
  return {
    audit: await countRows(db, "audit_log"),
    outbox: await countRows(db, "notification_outbox"),
    appointments: await countRows(db, "appointments"),
    changes: await countRows(db, "appointment_status_changes"),
    threads: await countRows(db, "message_threads"),
  };
}
