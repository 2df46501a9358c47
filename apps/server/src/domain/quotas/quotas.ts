import type { Db } from "../../db/connection.js";

/** What a tenant creates, each counted in its own table by its creation time. */
export type QuotaKind = "conversation" | "message" | "repair" | "meter_reading" | "upload" | "appointment";

/** How many of `kind` the tenant created since `since` (ISO instant); answered by an index. */
export async function countCreatedSince(db: Db, tenantId: string, kind: QuotaKind, since: string): Promise<number> {
  const count = (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    query.executeTakeFirstOrThrow().then((row) => Number(row.n));
  switch (kind) {
    case "conversation":
      return count(
        db
          .selectFrom("message_threads")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("tenant_id", "=", tenantId)
          .where("created_at", ">", since),
      );
    case "message":
      return count(
        db
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("tenant_id", "=", tenantId)
          .where("received_at", ">", since)
          .where("actor_kind", "=", "tenant"),
      );
    case "repair":
      return count(
        db
          .selectFrom("repairs")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("tenant_id", "=", tenantId)
          .where("reported_at", ">", since),
      );
    case "meter_reading":
      return count(
        db
          .selectFrom("meter_readings")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("tenant_id", "=", tenantId)
          .where("submitted_at", ">", since),
      );
    case "upload":
      return count(
        db
          .selectFrom("documents")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("tenant_id", "=", tenantId)
          .where("uploaded_at", ">", since)
          .where("is_tenant_uploaded", "=", 1),
      );
    case "appointment":
      return count(
        db
          .selectFrom("appointments")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("tenant_id", "=", tenantId)
          .where("created_at", ">", since)
          // The tenant's own requests; the management's proposals are not the tenant's writes.
          .where("origin", "=", "tenant"),
      );
  }
}
