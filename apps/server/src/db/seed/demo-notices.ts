import { createNotice } from "../../domain/notices/notices.js";
import { ensureBuilding } from "../../domain/staff/buildings.js";
import { findStaffForLogin } from "../../domain/staff/staff.js";
import type { Db } from "../connection.js";
import { DEMO_VERWALTER_EMAIL } from "./demo-staff.js";

/** The demo tenants' building (demo-anna.ts, demo-jonas.ts). */
const DEMO_BUILDING = "Lindenstraße 5, 10969 Berlin";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Two current notices for the demo building, so a fresh start shows them on the demo tenants'
 * dashboard and in the console (issue 14 §4): an information and an outage, published by the demo
 * Verwalter through the repository (audited like any). The outage counts as mailed already (demo
 * history): a fresh start sends no mail. Only into a database without notices.
 */
export async function seedDemoNoticesIfMissing(
  db: Db,
  mail: { company: string; publicUrl: string },
  now = new Date(),
): Promise<boolean> {
  const any = await db.selectFrom("notices").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  const verwalter = await findStaffForLogin(db, DEMO_VERWALTER_EMAIL);
  if (!verwalter) return false;
  const actor = { staffId: verwalter.id, name: verwalter.name, ip: null };
  const buildingId = await ensureBuilding(db, DEMO_BUILDING);
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  /** On the full hour (Berlin's offset is whole hours): an outage reads "7:00 Uhr", not "7:23 Uhr". */
  const atHour = (ms: number) => new Date(Math.floor((now.getTime() + ms) / HOUR_MS) * HOUR_MS).toISOString();
  await createNotice(
    db,
    {
      buildingId,
      title: "Treppenhausreinigung und Gartenpflege",
      text: "Seit diesem Monat reinigt die Firma Glanzwerk das Treppenhaus jeden Dienstag. Bitte stellen Sie Schuhe und Kinderwagen an diesem Tag nicht in den Flur. Die Gartenpflege folgt jeweils am ersten Freitag im Monat.",
      kind: "information",
      validFrom: at(-2 * DAY_MS),
      validUntil: at(28 * DAY_MS),
    },
    actor,
    mail,
  );
  await createNotice(
    db,
    {
      buildingId,
      title: "Aufzug steht still – Techniker ist bestellt",
      text: "Der Aufzug steht wegen eines defekten Türkontakts still. Der Techniker ist bestellt; das Ersatzteil kommt voraussichtlich in zwei Tagen. Wer Hilfe beim Tragen braucht, meldet sich bitte bei der Hausverwaltung.",
      kind: "emergency",
      emergencyType: "lift_out_of_order",
      validFrom: at(-3 * HOUR_MS),
      validUntil: at(3 * DAY_MS),
      // The outage itself: since this morning, until the part is fitted (expected in two days).
      outageFrom: atHour(-3 * HOUR_MS),
      outageUntil: atHour(2 * DAY_MS),
      mailedAt: now.toISOString(),
    },
    actor,
    mail,
  );
  return true;
}
