import type { Db } from "../../db/connection.js";
import { audienceOf } from "../notices/audiences.js";
import { buildingName, enqueuePush } from "../push/events.js";

/**
 * Issue 29: a finished Einsatz of a plan tenants see goes by push to the house's tenants who chose
 * push for "Haus- und Gartendienste" (off by default): the service and the house, opening Hausdienste.
 */
export async function pushServiceDone(db: Db, row: { visit_id: string | null; building_id: string }): Promise<void> {
  if (!row.visit_id) return;
  const plan = await db
    .selectFrom("service_visits as v")
    .innerJoin("service_plans as p", "p.id", "v.plan_id")
    .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
    .select(["p.tenant_visible", "k.name"])
    .where("v.id", "=", row.visit_id)
    .executeTakeFirst();
  if (plan?.tenant_visible !== 1) return;
  const tenants = await audienceOf(db, row.building_id);
  await enqueuePush(
    db,
    tenants.map((t) => ({ kind: "tenant" as const, id: t.id })),
    {
      kind: "house_service",
      title: `Erledigt: ${plan.name}`,
      building: await buildingName(db, row.building_id),
      path: "/services",
    },
  );
}
