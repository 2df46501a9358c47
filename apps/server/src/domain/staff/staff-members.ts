import { randomUUID } from "node:crypto";
import type { StaffMember, StaffRole } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { normalizeStaffEmail } from "./staff.js";

/**
 * Staff members as the administration manages them: create, update, their buildings, the list, and
 * whom a new item notifies. Split from staff.ts (decision 037).
 */

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  buildingIds: string[];
  passwordHash?: string | null;
  totpSecret?: string | null;
  totpEnabled?: boolean;
}

export async function createStaff(db: Db, input: NewStaff): Promise<string> {
  const id = randomUUID();
  await withTransaction(db, async (trx) => {
    await trx
      .insertInto("staff_users")
      .values({
        id,
        email: input.email.trim(),
        email_normalized: normalizeStaffEmail(input.email),
        name: input.name,
        role: input.role,
        active: 1,
        password_hash: input.passwordHash ?? null,
        password_changed_at: input.passwordHash ? nowIso() : null,
        totp_secret: input.totpSecret ?? null,
        totp_enabled: input.totpEnabled ? 1 : 0,
        last_digest_at: null,
        created_at: nowIso(),
      })
      .execute();
    await setStaffBuildings(trx, id, input.buildingIds);
  });
  return id;
}

export async function setStaffBuildings(db: Db, staffId: string, buildingIds: string[]): Promise<void> {
  await db.deleteFrom("staff_buildings").where("staff_id", "=", staffId).execute();
  if (buildingIds.length === 0) return;
  await db
    .insertInto("staff_buildings")
    .values([...new Set(buildingIds)].map((building_id) => ({ staff_id: staffId, building_id })))
    .execute();
}

export async function updateStaff(
  db: Db,
  staffId: string,
  changes: { name?: string; role?: StaffRole; active?: boolean; buildingIds?: string[] },
): Promise<void> {
  await withTransaction(db, async (trx) => {
    const set: { name?: string; role?: StaffRole; active?: number } = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.role !== undefined) set.role = changes.role;
    if (changes.active !== undefined) set.active = changes.active ? 1 : 0;
    if (Object.keys(set).length > 0) {
      // A role or access change ends the member's sessions: they sign in again with what they now may.
      await trx
        .updateTable("staff_users")
        .set((eb) => ({ ...set, session_version: eb("session_version", "+", 1) }))
        .where("id", "=", staffId)
        .execute();
    }
    if (changes.buildingIds) await setStaffBuildings(trx, staffId, changes.buildingIds);
  });
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom("staff_users")
    .select(["id", "email", "name", "role", "active", "password_hash", "totp_enabled", "created_at"])
    .orderBy("name")
    .execute();
  const buildings = await db
    .selectFrom("staff_buildings")
    .innerJoin("buildings", "buildings.id", "staff_buildings.building_id")
    .select(["staff_buildings.staff_id", "buildings.id", "buildings.name"])
    .orderBy("buildings.name")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    active: r.active === 1,
    buildings: buildings.filter((b) => b.staff_id === r.id).map((b) => ({ id: b.id, name: b.name })),
    totp_enabled: r.totp_enabled === 1,
    status: r.active !== 1 ? "inactive" : r.password_hash ? "active" : "invited",
    created_at: r.created_at,
  }));
}

export async function findStaffMember(db: Db, staffId: string): Promise<StaffMember | undefined> {
  return (await listStaff(db)).find((m) => m.id === staffId);
}

/** Staff who may be assigned an item in the building (Administrators, and those of the building). */
export async function colleaguesFor(db: Db, buildingIds: string[] | "all") {
  let query = db
    .selectFrom("staff_users")
    .select(["staff_users.id", "staff_users.name", "staff_users.role"])
    .where("staff_users.active", "=", 1)
    .where("staff_users.password_hash", "is not", null)
    // A Dienstleister sees only Einsätze (decision 048): no tenant item is theirs to take.
    .where("staff_users.role", "!=", "dienstleister");
  if (buildingIds !== "all") {
    query = query.where((eb) =>
      eb.or([
        eb("staff_users.role", "=", "administrator"),
        ...(buildingIds.length > 0
          ? [
              eb.exists(
                eb
                  .selectFrom("staff_buildings")
                  .select("staff_buildings.staff_id")
                  .whereRef("staff_buildings.staff_id", "=", "staff_users.id")
                  .where("staff_buildings.building_id", "in", buildingIds),
              ),
            ]
          : []),
      ]),
    );
  }
  return query.orderBy("staff_users.name").execute();
}

/**
 * Staff to tell about new tenant input in a building: active, allowed to see it (its building or
 * Administrator), not Dienstleister; `mail: true` only those who keep the new-items mail on (Profil →
 * Benachrichtigungen). Push has its own choices (push_preferences), so push passes `mail: false`.
 */
export async function staffToNotify(db: Db, buildingId: string | null, { mail = true }: { mail?: boolean } = {}) {
  let query = db
    .selectFrom("staff_users")
    .select(["staff_users.id", "staff_users.email", "staff_users.name", "staff_users.role"])
    .where("staff_users.active", "=", 1)
    .where("staff_users.password_hash", "is not", null)
    .where("staff_users.role", "!=", "dienstleister")
    .where((eb) =>
      eb.or([
        eb("staff_users.role", "=", "administrator"),
        ...(buildingId
          ? [
              eb.exists(
                eb
                  .selectFrom("staff_buildings")
                  .select("staff_buildings.staff_id")
                  .whereRef("staff_buildings.staff_id", "=", "staff_users.id")
                  .where("staff_buildings.building_id", "=", buildingId),
              ),
            ]
          : []),
      ]),
    );
  if (mail) query = query.where("staff_users.notify_new_items", "=", 1);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, role: r.role }));
}

export async function findStaffNameAndRole(db: Db, staffId: string) {
  return db.selectFrom("staff_users").select(["name", "role"]).where("id", "=", staffId).executeTakeFirst();
}

/** The staff member's digest of new tenant input went out now (notification worker). */
export async function markDigestSent(db: Db, staffId: string): Promise<void> {
  await db.updateTable("staff_users").set({ last_digest_at: nowIso() }).where("id", "=", staffId).execute();
}
