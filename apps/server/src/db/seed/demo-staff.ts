import { createCannedReply } from "../../domain/messages/canned-replies.js";
import { ensureBuilding } from "../../domain/staff/buildings.js";
import { findStaffForLogin, setStaffPassword } from "../../domain/staff/staff.js";
import { createStaff, updateStaff } from "../../domain/staff/staff-members.js";
import { hashPassword } from "../../lib/passwords.js";
import type { Db } from "../connection.js";

/** The demo staff the start-up banner and the README name. */
export const DEMO_STAFF_PASSWORD = "demo-verwaltung-1";
export const DEMO_ADMIN_EMAIL = "admin@example.com";
export const DEMO_VERWALTER_EMAIL = "verwalter@example.com";
export const DEMO_HAUSMEISTER_EMAIL = "hausmeister@example.com";
/** A member of the cleaning company's crew (issue 27): sees only the Einsätze of her two houses. */
export const DEMO_DIENSTLEISTER_EMAIL = "dienstleister@example.com";
/**
 * The demo Administrator's second factor (base32). Add it to any authenticator app (or scan the
 * otpauth link the banner prints) — a demo value, like the passwords: change both in production.
 */
export const DEMO_ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** A second demo building without tenants yet, so building scopes have something to tell apart. */
const SECOND_BUILDING = "Gartenweg 12, 10115 Berlin";

const CANNED = [
  {
    title: "Eingang bestätigt",
    body: "vielen Dank für Ihre Nachricht. Wir haben sie erhalten und melden uns spätestens am nächsten Werktag bei Ihnen.",
  },
  {
    title: "Handwerker beauftragt",
    body: "wir haben einen Handwerker beauftragt. Er meldet sich in den nächsten Tagen bei Ihnen, um einen Termin zu vereinbaren.",
  },
  {
    title: "Termin in der Wohnung",
    body: "für die Arbeiten in Ihrer Wohnung {Wohnung} im Haus {Gebäude} kommt der Handwerker in den nächsten Tagen vorbei. Bitte sagen Sie uns, an welchen Tagen Sie zu Hause sind.\n\nMit freundlichen Grüßen\n{Name der Mitarbeiterin}",
  },
  {
    title: "Zählerstand bitte erneut",
    body: "der gemeldete Zählerstand ist niedriger als Ihr letzter. Bitte lesen Sie den Zähler noch einmal ab und senden Sie uns den Stand mit einem Foto.",
  },
];

/**
 * Seeds the demo staff into a database without staff accounts that can sign in: an Administrator
 * (with the second factor above), a Verwalter for every demo building, a Hausmeister for the
 * demo tenants' building and a Dienstleister of the cleaning company for both; plus a few Textbausteine. Returns true when it seeded.
 */
export async function seedDemoStaffIfMissing(db: Db): Promise<boolean> {
  if (await findStaffForLogin(db, DEMO_ADMIN_EMAIL)) return false;
  const lindenstrasse = await ensureBuilding(db, "Lindenstraße 5, 10969 Berlin");
  const gartenweg = await ensureBuilding(db, SECOND_BUILDING);
  const hash = await hashPassword(DEMO_STAFF_PASSWORD);
  const adminId = await createStaff(db, {
    email: DEMO_ADMIN_EMAIL,
    name: "Katrin Grünfeld",
    role: "administrator",
    buildingIds: [],
    passwordHash: hash,
    totpSecret: DEMO_ADMIN_TOTP_SECRET,
    totpEnabled: true,
  });
  // The demo conversations are signed by the Verwalter: her account may exist already, without password.
  const verwalter = await findStaffForLogin(db, DEMO_VERWALTER_EMAIL);
  if (verwalter) {
    await setStaffPassword(db, verwalter.id, hash);
    await updateStaff(db, verwalter.id, { role: "verwalter", active: true, buildingIds: [lindenstrasse, gartenweg] });
  } else {
    await createStaff(db, {
      email: DEMO_VERWALTER_EMAIL,
      name: "Sabine Krüger",
      role: "verwalter",
      buildingIds: [lindenstrasse, gartenweg],
      passwordHash: hash,
    });
  }
  await createStaff(db, {
    email: DEMO_HAUSMEISTER_EMAIL,
    name: "Tomasz Nowak",
    role: "hausmeister",
    buildingIds: [lindenstrasse],
    passwordHash: hash,
  });
  await createStaff(db, {
    email: DEMO_DIENSTLEISTER_EMAIL,
    name: "Ayşe Yılmaz",
    role: "dienstleister",
    buildingIds: [lindenstrasse, gartenweg],
    passwordHash: hash,
  });
  const seedActor = { staffId: adminId, name: "Katrin Grünfeld", ip: null };
  // Shared ones, kept by the Administrator (the console adds the salutation when one starts a reply).
  for (const reply of CANNED) await createCannedReply(db, reply, { staffId: adminId, keepsShared: true }, seedActor);
  return true;
}
