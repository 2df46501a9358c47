import { findStaffForLogin } from "../../domain/staff/staff.js";
import { findTenantForLogin } from "../../domain/tenants/auth.js";
import { verifyPassword } from "../../lib/passwords.js";
import type { Db } from "../connection.js";
import { DEMO_EMAIL, DEMO_PASSWORD, NEIGHBOUR_EMAIL } from "./context.js";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_DIENSTLEISTER_EMAIL,
  DEMO_HAUSMEISTER_EMAIL,
  DEMO_STAFF_PASSWORD,
  DEMO_VERWALTER_EMAIL,
} from "./demo-staff.js";

/**
 * The banner's demo accounts: only those whose seeded password still works (a changed password is
 * nobody's business, and printing the old one would only mislead).
 */
export async function demoAccountLines(db: Db, publicUrl: string): Promise<string[]> {
  const lines: string[] = [];
  for (const [label, email] of [
    ["Demo-Mieter:       ", DEMO_EMAIL],
    ["Zweiter Mieter:    ", NEIGHBOUR_EMAIL],
  ] as const) {
    const tenant = await findTenantForLogin(db, email);
    if (tenant && (await verifyPassword(tenant.password_hash, DEMO_PASSWORD))) {
      lines.push(`${label}${email} / ${DEMO_PASSWORD}`);
    }
  }
  const staff: string[] = [];
  for (const [label, email] of [
    ["Verwalter:         ", DEMO_VERWALTER_EMAIL],
    ["Hausmeister:       ", DEMO_HAUSMEISTER_EMAIL],
    ["Dienstleister:     ", DEMO_DIENSTLEISTER_EMAIL],
    ["Administrator:     ", DEMO_ADMIN_EMAIL],
  ] as const) {
    const member = await findStaffForLogin(db, email);
    if (member?.password_hash && (await verifyPassword(member.password_hash, DEMO_STAFF_PASSWORD))) {
      staff.push(`${label}${email} / ${DEMO_STAFF_PASSWORD}`);
      if (email === DEMO_ADMIN_EMAIL && member.totp_secret === DEMO_ADMIN_TOTP_SECRET) {
        staff.push(`  zweiter Faktor (Authenticator-App): ${DEMO_ADMIN_TOTP_SECRET}`);
      }
    }
  }
  if (staff.length > 0)
    lines.push(`Verwaltung:        ${publicUrl}/verwaltung`, `Einsätze (Crews):  ${publicUrl}/einsatz/`, ...staff);
  if (lines.length > 0) lines.unshift("Demo-Zugänge (solange die Demo-Passwörter gelten):");
  return lines;
}
