import { LIMITS, requiredText } from "@mieter-portal/contracts";
import {
  roleRequiresTotp,
  STAFF_BUILDINGS_NEEDED,
  STAFF_INVITATION_TTL_SECONDS,
  STAFF_ROLE_LABELS,
  staffRole,
} from "@mieter-portal/contracts/staff";
import { z } from "zod";
import { ensureBuilding } from "../../domain/staff/buildings.js";
import { findStaffForLogin } from "../../domain/staff/staff.js";
import { createStaffLink } from "../../domain/staff/staff-links.js";
import { createStaff } from "../../domain/staff/staff-members.js";
import { hashPassword } from "../../lib/passwords.js";
import { newTotpSecret, totpEnrolment } from "../../lib/totp.js";
import { CommandError, parseOptions } from "../args.js";
import type { AdminCommand } from "../context.js";

const options = z
  .object({
    email: z
      .string({ error: "E-Mail-Adresse ist erforderlich." })
      .trim()
      .pipe(z.email({ error: "Bitte geben Sie eine gültige E-Mail-Adresse an." })),
    name: requiredText(LIMITS.nameMax, "Name"),
    role: staffRole.default("administrator"),
    buildings: z.string().optional(),
    password: z
      .string()
      .min(LIMITS.staffPasswordMin, {
        error: `Das Passwort muss mindestens ${LIMITS.staffPasswordMin} Zeichen lang sein.`,
      })
      .max(LIMITS.passwordMax)
      .optional(),
  })
  .refine((o) => o.role === "administrator" || (o.buildings ?? "").trim() !== "", {
    error: `${STAFF_BUILDINGS_NEEDED.slice(0, -1)} (--buildings).`,
    path: ["buildings"],
  });

/**
 * The first Administrator (and anyone else from a shell). Administrators get their second factor
 * here: the secret is printed once for the authenticator app. Without --password a one-time link
 * (72 h) to set it is printed.
 */
export const createStaffCommand: AdminCommand = {
  name: "create-staff",
  summary: "Mitarbeiter anlegen (der erste Administrator; mit zweitem Faktor für Administratoren)",
  usage:
    'create-staff --email <adresse> --name "<name>" [--role administrator|verwalter|hausmeister|dienstleister]\n' +
    '             [--buildings "Lindenstraße 5, 10969 Berlin; Gartenweg 12, 10115 Berlin"] [--password <passwort>]',
  async run({ db, config, io }, argv) {
    const o = parseOptions(argv, options);
    if (await findStaffForLogin(db, o.email)) {
      throw new CommandError(`Es gibt bereits ein Mitarbeiterkonto mit der E-Mail-Adresse ${o.email}.`);
    }
    const addresses = (o.buildings ?? "")
      .split(";")
      .map((a) => a.trim())
      .filter(Boolean);
    const buildingIds = [];
    for (const address of addresses) buildingIds.push(await ensureBuilding(db, address));
    const totpSecret = roleRequiresTotp(o.role) ? newTotpSecret() : null;
    const id = await createStaff(db, {
      email: o.email,
      name: o.name,
      role: o.role,
      buildingIds,
      passwordHash: o.password ? await hashPassword(o.password) : null,
      totpSecret,
      totpEnabled: Boolean(totpSecret),
    });
    io.out(`${STAFF_ROLE_LABELS[o.role]} angelegt: ${o.name} <${o.email}> (ID ${id})`);
    if (addresses.length > 0) io.out(`Gebäude: ${addresses.join("; ")}`);
    if (totpSecret) {
      const enrolment = await totpEnrolment(totpSecret, o.email, config.brand.companyName);
      io.out("Zweiter Faktor (in der Authenticator-App hinzufügen):");
      io.out(`  Schlüssel: ${totpSecret}`);
      io.out(`  Link: ${enrolment.otpauth_url}`);
    }
    if (o.password) {
      io.out(`Anmeldung unter ${config.publicUrl}/verwaltung mit E-Mail-Adresse und Passwort.`);
    } else {
      const token = await createStaffLink(db, id, STAFF_INVITATION_TTL_SECONDS);
      io.out(
        `Link zum Festlegen des Passworts (72 Stunden gültig): ${config.publicUrl}/verwaltung/einladung#token=${token}`,
      );
    }
  },
};
