import type { Kysely, Selectable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database } from "../../db/types.js";
import { nowIso } from "../../lib/time.js";

/**
 * The stored answers of Idempotency-Key requests (DESIGN.md §4.5): the only writer of
 * `idempotency_keys`. The plugin (plugins/app/idempotency.ts) decides when; these functions say how,
 * on the transaction the plugin holds open for the request.
 */
/** Stored answers are kept at least this long (the offline queue keeps changes for 30 days). */
export const IDEMPOTENCY_RETENTION_DAYS = 35;

export type IdempotencyRow = Selectable<Database["idempotency_keys"]>;
type Trx = Kysely<Database>;

export interface StoredAnswer {
  response_status: number;
  response_body: string;
  response_type: string | null;
}

export async function purgeExpiredKeys(db: Db): Promise<void> {
  const cutoff = new Date(Date.now() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString();
  await db.deleteFrom("idempotency_keys").where("created_at", "<", cutoff).execute();
}

/** Claims the key for a request now running; false when the key exists already (then: findKey). */
export async function claimKey(trx: Trx, tenantId: string, key: string, requestHash: string): Promise<boolean> {
  const inserted = await trx
    .insertInto("idempotency_keys")
    .values({
      tenant_id: tenantId,
      key,
      request_hash: requestHash,
      state: "in_progress",
      response_status: null,
      response_body: null,
      response_type: null,
      created_at: nowIso(),
      completed_at: null,
    })
    .onConflict((oc) => oc.columns(["tenant_id", "key"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findKey(trx: Trx, tenantId: string, key: string): Promise<IdempotencyRow | undefined> {
  return trx
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("key", "=", key)
    .executeTakeFirst();
}

/** A refusal kept to be replayed, written after its change was rolled back (outside the claim). */
export async function storeRefusal(
  db: Db,
  tenantId: string,
  key: string,
  requestHash: string,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .insertInto("idempotency_keys")
    .values({
      tenant_id: tenantId,
      key,
      request_hash: requestHash,
      created_at: nowIso(),
      state: "done",
      completed_at: nowIso(),
      ...answer,
    })
    .onConflict((oc) => oc.columns(["tenant_id", "key"]).doNothing())
    .execute();
}

/** The claimed key gets its answer, in the change's transaction. */
export async function completeKey(trx: Trx, tenantId: string, key: string, answer: StoredAnswer): Promise<void> {
  await trx
    .updateTable("idempotency_keys")
    .set({ state: "done", completed_at: nowIso(), ...answer })
    .where("tenant_id", "=", tenantId)
    .where("key", "=", key)
    .execute();
}

/** A success whose answer cannot be kept (a stream) commits its change without the key. */
export async function releaseKey(trx: Trx, tenantId: string, key: string): Promise<void> {
  await trx.deleteFrom("idempotency_keys").where("tenant_id", "=", tenantId).where("key", "=", key).execute();
}
