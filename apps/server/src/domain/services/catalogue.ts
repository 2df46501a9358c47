import { randomUUID } from "node:crypto";
import { SERVICE_CATALOGUE, type ServiceKind } from "@mieter-portal/contracts/services";
import type { Db } from "../../db/connection.js";
import type { ServiceKindsTable } from "../../db/types.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";

/** The services' catalogue (issue 27 §1): this module is the only writer of service_kinds. */

export const toServiceKind = (row: Pick<ServiceKindsTable, "id" | "key" | "name" | "category" | "checklist">) =>
  ({
    id: row.id,
    key: row.key,
    name: row.name,
    category: row.category,
    checklist: JSON.parse(row.checklist) as string[],
  }) satisfies ServiceKind;

/** Writes the German defaults once (unique key): every start may call it, from any process. */
export async function ensureDefaultServiceKinds(db: Db): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("service_kinds")
    .values(
      SERVICE_CATALOGUE.map((s) => ({
        id: randomUUID(),
        key: s.key,
        name: s.name,
        category: s.category,
        checklist: JSON.stringify(s.checklist),
        created_by: null,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** The catalogue, defaults first in their order, then the company's own by name. */
export async function listServiceKinds(db: Db): Promise<ServiceKind[]> {
  const rows = await db.selectFrom("service_kinds").select(["id", "key", "name", "category", "checklist"]).execute();
  const order = new Map(SERVICE_CATALOGUE.map((s, i) => [s.key as string, i]));
  return rows
    .sort(
      (p, q) =>
        (order.get(p.key) ?? order.size) - (order.get(q.key) ?? order.size) || p.name.localeCompare(q.name, "de"),
    )
    .map(toServiceKind);
}

export async function findServiceKind(db: Db, id: string) {
  return db
    .selectFrom("service_kinds")
    .select(["id", "key", "name", "category", "checklist"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A service of the company's own; its key is its id, so it never collides with a default. */
export async function addServiceKind(
  db: Db,
  actor: AuditActor,
  input: { name: string; category: ServiceKind["category"]; checklist: string[] },
): Promise<ServiceKind | "duplicate"> {
  const existing = await db
    .selectFrom("service_kinds")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", input.name.toLowerCase()))
    .executeTakeFirst();
  if (existing) return "duplicate";
  const id = randomUUID();
  const row = {
    id,
    key: id,
    name: input.name,
    category: input.category,
    checklist: JSON.stringify(input.checklist),
    created_by: actor.staffId,
    created_at: nowIso(),
  };
  await db.insertInto("service_kinds").values(row).execute();
  await recordAudit(db, actor, {
    action: "service_kind.created",
    entityType: "service_kind",
    entityId: id,
    after: { name: row.name, category: row.category, checklist: input.checklist },
  });
  return toServiceKind(row);
}
