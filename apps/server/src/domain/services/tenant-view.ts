import type { TenantService, TenantServices } from "@mieter-portal/contracts/services";
import { winterConditions } from "@mieter-portal/contracts/services";
import type { Db } from "../../db/connection.js";
import { berlinToday } from "../../lib/time.js";
import { currentTenancyOf } from "../tenants/current-tenancy.js";
import { planRunningOn } from "./plans.js";

/**
 * What a tenant sees of the house's services (issue 27 §3): for each service of a plan the
 * management made visible, when it was last done (with the first after-photo and the crew's first
 * name and team) and when it is next planned. Reads only.
 */

/** The building of the tenant's current tenancy, or null. */
async function tenantBuilding(db: Db, tenantId: string) {
  const tenancy = await currentTenancyOf(db, tenantId).select("building_id").executeTakeFirst();
  if (!tenancy?.building_id) return null;
  return db.selectFrom("buildings").select(["id", "name"]).where("id", "=", tenancy.building_id).executeTakeFirst();
}

/** The services visible to tenants in a building today: one per service (a changed plan's successor counts). */
async function visibleServices(db: Db, buildingId: string, today: string) {
  return db
    .selectFrom("service_plans as p")
    .innerJoin("service_kinds as k", "k.id", "p.service_kind_id")
    .select(["k.id", "k.key", "k.name"])
    .where("p.building_id", "=", buildingId)
    .where("p.tenant_visible", "=", 1)
    .where("p.valid_from", "<=", today)
    .where(planRunningOn(today))
    .distinct()
    .orderBy("k.name")
    .execute();
}

export async function tenantServicesOf(db: Db, tenantId: string, today = berlinToday()): Promise<TenantServices> {
  const building = await tenantBuilding(db, tenantId);
  if (!building) return { building_name: null, services: [] };
  const kinds = await visibleServices(db, building.id, today);
  if (kinds.length === 0) return { building_name: building.name, services: [] };
  const kindIds = kinds.map((k) => k.id);
  // Sealed records that no later correction replaced: the newest per service is "zuletzt erledigt".
  const records = await db
    .selectFrom("service_records as r")
    .select([
      "r.id",
      "r.visit_id",
      "r.service_kind_id",
      "r.started_at",
      "r.finished_at",
      "r.crew_first_name",
      "r.team",
      "r.conditions",
    ])
    .where("r.building_id", "=", building.id)
    .where("r.service_kind_id", "in", kindIds)
    .where("r.content_hash", "is not", null)
    .where("r.content_hash", "!=", "")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("service_records as c").select("c.id").whereRef("c.corrects_record_id", "=", "r.id"))),
    )
    .orderBy("r.finished_at", "desc")
    .execute();
  const latest = new Map<string, (typeof records)[number]>();
  for (const r of records) if (!latest.has(r.service_kind_id)) latest.set(r.service_kind_id, r);
  const photoRows = latest.size
    ? await db
        .selectFrom("service_record_photos")
        .select(["id", "record_id"])
        .where(
          "record_id",
          "in",
          [...latest.values()].map((r) => r.id),
        )
        .where("kind", "=", "after")
        .where("position", "=", 0)
        .execute()
    : [];
  const photoOf = new Map(photoRows.map((p) => [p.record_id, p.id]));
  // The tenant's own rating of each last visit (decision 048).
  const lastVisits = [...latest.values()].flatMap((r) => (r.visit_id ? [r.visit_id] : []));
  const ratings = lastVisits.length
    ? await db
        .selectFrom("service_ratings")
        .select(["visit_id", "stars", "comment"])
        .where("tenant_id", "=", tenantId)
        .where("visit_id", "in", lastVisits)
        .execute()
    : [];
  const ratingOf = new Map(ratings.map((r) => [r.visit_id, { stars: r.stars, comment: r.comment }]));
  // The next planned visit of each service that has no record yet.
  const upcoming = await db
    .selectFrom("service_visits as v")
    .innerJoin("service_plans as p", "p.id", "v.plan_id")
    .select(["v.service_kind_id", "v.planned_on", "v.window_start", "v.window_end"])
    .where("v.building_id", "=", building.id)
    .where("v.service_kind_id", "in", kindIds)
    .where("p.tenant_visible", "=", 1)
    .where("v.planned_on", ">=", today)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("service_records as r").select("r.id").whereRef("r.visit_id", "=", "v.id"))),
    )
    .orderBy("v.planned_on")
    .orderBy("v.window_start")
    .execute();
  const next = new Map<string, (typeof upcoming)[number]>();
  for (const v of upcoming) if (!next.has(v.service_kind_id)) next.set(v.service_kind_id, v);
  const services: TenantService[] = kinds.map((k) => {
    const done = latest.get(k.id);
    const planned = next.get(k.id);
    return {
      service_kind_id: k.id,
      key: k.key,
      name: k.name,
      last_done:
        done?.finished_at != null
          ? {
              started_at: done.started_at,
              finished_at: done.finished_at,
              crew: { first_name: done.crew_first_name, team: done.team },
              photo_id: photoOf.get(done.id) ?? null,
              conditions: done.conditions === null ? null : winterConditions.parse(JSON.parse(done.conditions)),
              visit_id: done.visit_id,
              my_rating: (done.visit_id && ratingOf.get(done.visit_id)) || null,
            }
          : null,
      next_planned: planned
        ? { date: planned.planned_on, window: { start: planned.window_start, end: planned.window_end } }
        : null,
    };
  });
  return { building_name: building.name, services };
}

/**
 * An after-photo a tenant may see: of a sealed record in the tenant's building, for a service the
 * management made visible there. Undefined otherwise (the route answers 404).
 */
export async function tenantServicePhoto(db: Db, tenantId: string, photoId: string, today = berlinToday()) {
  const building = await tenantBuilding(db, tenantId);
  if (!building) return undefined;
  const photo = await db
    .selectFrom("service_record_photos as ph")
    .innerJoin("service_records as r", "r.id", "ph.record_id")
    .select(["ph.id", "ph.storage_key", "ph.mime_type", "ph.position", "r.service_kind_id", "r.building_id"])
    .where("ph.id", "=", photoId)
    .where("ph.kind", "=", "after")
    .where("r.building_id", "=", building.id)
    .where("r.content_hash", "is not", null)
    .where("r.content_hash", "!=", "")
    .executeTakeFirst();
  if (!photo) return undefined;
  const visible = await visibleServices(db, building.id, today);
  if (!visible.some((k) => k.id === photo.service_kind_id)) return undefined;
  const extension = photo.mime_type === "image/png" ? "png" : photo.mime_type === "image/webp" ? "webp" : "jpg";
  return {
    id: photo.id,
    storage_key: photo.storage_key,
    mime_type: photo.mime_type,
    filename: `Hausdienst-Foto-${photo.position + 1}.${extension}`,
  };
}
