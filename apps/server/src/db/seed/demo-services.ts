import { addDays } from "@mieter-portal/contracts";
import type { SERVICE_CATALOGUE, ServiceRecurrence } from "@mieter-portal/contracts/services";
import type { MailContext } from "../../domain/notifications/notify.js";
import { ensureDefaultServiceKinds } from "../../domain/services/catalogue.js";
import { createServicePlan, ensureServiceVisits } from "../../domain/services/plans.js";
import { createServiceReport } from "../../domain/services/reports.js";
import { type FinishedRecordSeed, insertFinishedServiceRecords } from "../../domain/services/rows.js";
import { ensureBuilding } from "../../domain/staff/buildings.js";
import { findStaffForLogin } from "../../domain/staff/staff.js";
import { findTenantByEmail } from "../../domain/tenants/tenants.js";
import type { FileStore } from "../../lib/file-store.js";
import { berlinToday, berlinToUtc } from "../../lib/time.js";
import type { Db } from "../connection.js";
import { DEMO_EMAIL } from "./context.js";
import { DEMO_DIENSTLEISTER_EMAIL, DEMO_HAUSMEISTER_EMAIL, DEMO_VERWALTER_EMAIL } from "./demo-staff.js";
import { createPng } from "./png.js";

/**
 * The house's services with eight weeks of history (issue 27 §5), so a fresh start shows all of it:
 * plans for the demo buildings (made eight weeks ago through the plans module, which made their
 * visits), the crews' finished Einsätze with both clocks and an after-photo, two visits missed, a
 * winter morning cleared and gritted before seven, and one "Leistung fehlt" from the demo tenant.
 * Only into a database without plans.
 */

const HISTORY_DAYS = 56;
const LINDENSTRASSE = "Lindenstraße 5, 10969 Berlin";
const GARTENWEG = "Gartenweg 12, 10115 Berlin";

type Crew = "cleaner" | "hausmeister";

interface DemoPlan {
  building: typeof LINDENSTRASSE | typeof GARTENWEG;
  key: (typeof SERVICE_CATALOGUE)[number]["key"];
  recurrence: ServiceRecurrence;
  season?: { from: string; until: string };
  window: { start: string; end: string };
  team: string | null;
  crew: Crew;
  tenantVisible: boolean;
  /** Minutes after the window opens the crew usually starts, and how long the work takes. */
  startAfter: number;
  duration: number;
}

const PLANS: DemoPlan[] = [
  // The notice of the demo building says: Glanzwerk cleans the stairwell every Tuesday.
  {
    building: LINDENSTRASSE,
    key: "treppenhausreinigung",
    recurrence: { kind: "weekly", weekdays: [2], every_weeks: 1 },
    window: { start: "07:00", end: "10:00" },
    team: "Glanzwerk Gebäudereinigung",
    crew: "cleaner",
    tenantVisible: true,
    startAfter: 12,
    duration: 48,
  },
  {
    building: LINDENSTRASSE,
    key: "laub_entfernen",
    recurrence: { kind: "weekly", weekdays: [5], every_weeks: 1 },
    season: { from: "10-01", until: "12-15" },
    window: { start: "08:00", end: "12:00" },
    team: "Hausmeisterdienst",
    crew: "hausmeister",
    tenantVisible: true,
    startAfter: 25,
    duration: 40,
  },
  {
    building: LINDENSTRASSE,
    key: "kontrollgang",
    recurrence: { kind: "weekly", weekdays: [1], every_weeks: 1 },
    window: { start: "08:00", end: "12:00" },
    team: "Hausmeisterdienst",
    crew: "hausmeister",
    tenantVisible: true,
    startAfter: 40,
    duration: 35,
  },
  {
    building: LINDENSTRASSE,
    key: "muelltonnen",
    recurrence: { kind: "weekly", weekdays: [3], every_weeks: 1 },
    window: { start: "06:00", end: "07:00" },
    team: "Hausmeisterdienst",
    crew: "hausmeister",
    tenantVisible: false,
    startAfter: 5,
    duration: 15,
  },
  {
    building: LINDENSTRASSE,
    key: "winterdienst",
    recurrence: { kind: "daily" },
    season: { from: "11-15", until: "03-15" },
    window: { start: "07:00", end: "20:00" },
    team: "Hausmeisterdienst",
    crew: "hausmeister",
    tenantVisible: true,
    startAfter: 0,
    duration: 30,
  },
  {
    building: GARTENWEG,
    key: "treppenhausreinigung",
    recurrence: { kind: "weekly", weekdays: [4], every_weeks: 1 },
    window: { start: "07:00", end: "10:00" },
    team: "Glanzwerk Gebäudereinigung",
    crew: "cleaner",
    tenantVisible: true,
    startAfter: 20,
    duration: 40,
  },
];

/** Mornings the path had to be cleared (days before today; 0 is today): the rest of the season stayed dry. */
const WINTER_MORNINGS = [0, 3, 4];

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

export async function seedDemoServicesIfMissing(
  db: Db,
  files: FileStore,
  mail: MailContext,
  now = new Date(),
): Promise<boolean> {
  const any = await db.selectFrom("service_plans").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  const [verwalter, hausmeister, cleaner] = await Promise.all([
    findStaffForLogin(db, DEMO_VERWALTER_EMAIL),
    findStaffForLogin(db, DEMO_HAUSMEISTER_EMAIL),
    findStaffForLogin(db, DEMO_DIENSTLEISTER_EMAIL),
  ]);
  if (!verwalter || !hausmeister || !cleaner) return false;
  await ensureDefaultServiceKinds(db);
  const kinds = new Map(
    (await db.selectFrom("service_kinds").select(["id", "key", "checklist"]).execute()).map((k) => [k.key, k]),
  );
  const buildings = {
    [LINDENSTRASSE]: await ensureBuilding(db, LINDENSTRASSE),
    [GARTENWEG]: await ensureBuilding(db, GARTENWEG),
  };
  const crews = { cleaner, hausmeister };
  const today = berlinToday(now);
  const start = addDays(today, -HISTORY_DAYS);
  const actor = { staffId: verwalter.id, name: verwalter.name, ip: null };
  const nowMs = now.getTime();
  const records: FinishedRecordSeed[] = [];
  let stairwellMissed: { kindId: string; date: string } | null = null;

  for (const plan of PLANS) {
    const kind = kinds.get(plan.key);
    if (!kind) continue;
    const checklist = JSON.parse(kind.checklist) as string[];
    const created = await createServicePlan(
      db,
      actor,
      {
        building_id: buildings[plan.building],
        service_kind_id: kind.id,
        recurrence: plan.recurrence,
        season: plan.season ?? null,
        window: plan.window,
        rest_day_window: plan.key === "winterdienst" ? { start: "09:00", end: "20:00" } : null,
        checklist,
        team: plan.team,
        responsible_staff_id: verwalter.id,
        tenant_visible: plan.tenantVisible,
        valid_from: start,
        valid_until: null,
      },
      start,
    );
    if (typeof created === "string") throw new Error(`Demo-Plan ${plan.key}: ${created}`);
    const visits = await db
      .selectFrom("service_visits")
      .select(["id", "planned_on", "window_start"])
      .where("plan_id", "=", created.id)
      .where("planned_on", "<=", today)
      .orderBy("planned_on")
      .execute();
    const crew = crews[plan.crew];
    const pastStairwell = visits.filter((v) => v.planned_on < today);
    visits.forEach((visit, n) => {
      const winter = plan.key === "winterdienst";
      const daysAgo = (Date.parse(today) - Date.parse(visit.planned_on)) / 86_400_000;
      if (winter && !WINTER_MORNINGS.includes(daysAgo)) return;
      // Missed: the latest stairwell cleaning before today in the demo house, and last week's Kontrollgang.
      if (plan.key === "treppenhausreinigung" && plan.building === LINDENSTRASSE && visit === pastStairwell.at(-1)) {
        stairwellMissed = { kindId: kind.id, date: visit.planned_on };
        return;
      }
      if (plan.key === "kontrollgang" && daysAgo >= 7 && daysAgo < 14) return;
      const [h, m] = (winter ? "05:40" : visit.window_start).split(":").map(Number) as [number, number];
      const jitter = (n * 7) % 11;
      const begin = berlinToUtc(visit.planned_on, h, m + (winter ? jitter % 4 : plan.startAfter + jitter));
      const end = new Date(begin.getTime() + (plan.duration + (n % 3) * 4) * 60_000);
      if (end.getTime() > nowMs) return; // not yet done today
      records.push({
        visitId: visit.id,
        buildingId: buildings[plan.building],
        serviceKindId: kind.id,
        staffId: crew.id,
        crewFirstName: firstName(crew.name),
        team: plan.team,
        startedAt: begin.toISOString(),
        finishedAt: end.toISOString(),
        // Now and then the phone had no signal in the cellar and sent it later.
        syncDelaySeconds: n % 5 === 0 ? 1260 : 4,
        onSite: { onSite: true, distanceM: 8 + (n % 20), accuracyM: 12 + (n % 9) },
        checklist: checklist.map((item) => ({ item, done: true })),
        materials: winter ? [{ name: "Streusplitt", amount: 15 + (n % 3) * 5, unit: "kg" }] : [],
        conditions: winter ? { snow: daysAgo !== 0, ice: true, temperature_c: -2 - (n % 4) } : null,
        remark: plan.key === "kontrollgang" && n === visits.length - 1 ? "Leuchtmittel im 2. OG ersetzt." : "",
        afterPhotos:
          plan.key === "treppenhausreinigung" || winter
            ? [
                {
                  bytes: createPng(64, 48, winter ? [236, 240, 244] : [214, 196, 160], [120, 120, 128]),
                  mime: "image/png",
                },
              ]
            : [],
      });
    });
  }
  await insertFinishedServiceRecords(db, files, records);
  // And the coming eight weeks, as the start and the daily job make them.
  await ensureServiceVisits(db, today);

  // One "Leistung fehlt": the demo tenant noticed the stairwell was not cleaned.
  const tenant = await findTenantByEmail(db, DEMO_EMAIL);
  const missed = stairwellMissed as { kindId: string; date: string } | null;
  if (tenant && missed) {
    await createServiceReport(
      db,
      files,
      { staffId: null, name: `${tenant.first_name} ${tenant.last_name}`, ip: null, tenantId: tenant.id },
      {
        service_kind_id: missed.kindId,
        date: missed.date,
        text: "Das Treppenhaus wurde diese Woche nicht gewischt, im Erdgeschoss liegt noch Laub und Sand.",
      },
      [],
      mail,
    );
  }
  return true;
}
