import { addDays } from "@mieter-portal/contracts";
import type { Db } from "../../src/db/connection.js";
import { createServicePlan } from "../../src/domain/services/plans.js";
import { berlinToday } from "../../src/lib/time.js";

/**
 * A daily plan of a catalogue service in a building, visible to tenants, through the plans' own
 * writer (window 07:00–12:00 unless given; from `startsInDays` days from today). Returns the plan's id.
 */
export async function dailyPlan(
  db: Db,
  buildingId: string,
  serviceKey: string,
  options: { responsibleStaffId?: string | null; startsInDays?: number; window?: { start: string; end: string } } = {},
): Promise<string> {
  const kind = await db
    .selectFrom("service_kinds")
    .select("id")
    .where("key", "=", serviceKey)
    .executeTakeFirstOrThrow();
  const from = addDays(berlinToday(), options.startsInDays ?? 0);
  const plan = await createServicePlan(
    db,
    { staffId: null, name: "Test", ip: null },
    {
      building_id: buildingId,
      service_kind_id: kind.id,
      recurrence: { kind: "daily" },
      season: null,
      window: options.window ?? { start: "07:00", end: "12:00" },
      rest_day_window: null,
      checklist: [],
      team: null,
      responsible_staff_id: options.responsibleStaffId ?? null,
      tenant_visible: true,
      valid_from: from,
      valid_until: null,
    },
    from,
  );
  if (typeof plan === "string") throw new Error(plan);
  return plan.id;
}
