import path from "node:path";
import {
  ACCESS_MONTHS_AFTER_TENANCY,
  calendarDate,
  LIMITS,
  newPassword,
  PAYMENT_METHOD_LABELS,
  passwordResetRequest,
  paymentMethod,
  RESET_TOKEN_TTL_SECONDS,
  requiredText,
} from "@mieter-portal/contracts";
import { z } from "zod";
import { withTransaction } from "../../db/connection.js";
import { germanDate, germanEuros } from "../../db/seed/calendar.js";
import { ensureBuilding } from "../../domain/staff/buildings.js";
import { createResetToken, hasPortalAccess, setPassword } from "../../domain/tenants/auth.js";
import { currentTenancyIdFor } from "../../domain/tenants/current-tenancy.js";
import { issueInvitation } from "../../domain/tenants/invitations.js";
import { endCurrentTenancy } from "../../domain/tenants/tenant-contact.js";
import { COMMAND_LINE_ACTOR, createOnboardedTenant } from "../../domain/tenants/tenant-onboarding.js";
import { findCurrentTenancy, findTenantByEmail } from "../../domain/tenants/tenants.js";
import { hashPassword } from "../../lib/passwords.js";
import { resetLink, sendResetMail } from "../../lib/reset-mail.js";
import { parseImportMonth, parseSignedEuroCents } from "../../lib/tenant-csv-fields.js";
import { addMonths, berlinToday } from "../../lib/time.js";
import { CommandError, euroAmount, optionalText, parseOptions } from "../args.js";
import { type AdminCommand, commandMailContext, requireTenantByEmail } from "../context.js";

const email = passwordResetRequest.shape.email;

const createTenantOptions = z.object({
  email,
  password: newPassword.optional(),
  invite: z.boolean().optional(),
  "first-name": requiredText(LIMITS.nameMax, "Vorname"),
  "last-name": requiredText(LIMITS.nameMax, "Nachname"),
  address: requiredText(200, "Adresse"),
  apartment: optionalText(50, "Wohnung"),
  start: calendarDate,
  "base-rent": euroAmount("Grundmiete"),
  utilities: euroAmount("Nebenkosten"),
  "payment-method": z
    .enum(paymentMethod.options, {
      error: "Zahlungsart muss sepa_direct_debit, bank_transfer oder standing_order sein.",
    })
    .default("sepa_direct_debit"),
  "due-day": z.coerce
    .number({ error: "Fälligkeitstag muss eine Zahl von 1 bis 31 sein." })
    .int({ error: "Fälligkeitstag muss eine Zahl von 1 bis 31 sein." })
    .min(1, { error: "Fälligkeitstag muss eine Zahl von 1 bis 31 sein." })
    .max(31, { error: "Fälligkeitstag muss eine Zahl von 1 bis 31 sein." })
    .default(3),
  "iban-last4": z
    .string()
    .regex(/^\d{4}$/, { error: "Die letzten vier Ziffern der IBAN: genau vier Ziffern." })
    .optional(),
  /** The first month to charge (decision 028); default: the first due on or after today. */
  "first-month": z
    .string()
    .transform((value, ctx) => {
      const month = parseImportMonth(value.trim());
      if (!month) {
        ctx.addIssue({
          code: "custom",
          message: `Erster Monat „${value}“: bitte als MM.JJJJ angeben (z. B. 12.2026).`,
        });
        return z.NEVER;
      }
      return month;
    })
    .optional(),
  /** The account at takeover: positive, arrears; negative, credit. */
  balance: z
    .string()
    .transform((value, ctx) => {
      const cents = parseSignedEuroCents(value.trim());
      if (cents === null || Math.abs(cents) > 10_000_000) {
        ctx.addIssue({
          code: "custom",
          message: `Saldovortrag „${value}“: bitte einen Betrag in Euro angeben (Rückstand 120,00, Guthaben -50,00).`,
        });
        return z.NEVER;
      }
      return cents;
    })
    .optional(),
});
const createTenantChecked = createTenantOptions.refine((o) => (o.password !== undefined) !== (o.invite === true), {
  error: "Entweder --password <passwort> oder --invite (Einladung per E-Mail, 72 Stunden gültig) angeben.",
  path: ["password"],
});

export const createTenant: AdminCommand = {
  name: "create-tenant",
  summary: "Mieter mit Mietverhältnis anlegen",
  usage:
    "create-tenant --email <adresse> (--password <passwort> | --invite) --first-name <vorname> --last-name <nachname>\n" +
    "              --address <adresse> [--apartment <wohnung>] --start JJJJ-MM-TT --base-rent 550 --utilities 200\n" +
    "              [--payment-method sepa_direct_debit|bank_transfer|standing_order] [--due-day 3] [--iban-last4 1234]\n" +
    "              [--first-month MM.JJJJ] [--balance <euro; Rückstand positiv, Guthaben negativ>]",
  async run({ db, config, io }, argv) {
    const o = parseOptions(argv, createTenantChecked, ["invite"]);
    if (await findTenantByEmail(db, o.email)) {
      throw new CommandError(`Es gibt bereits einen Mieter mit der E-Mail-Adresse ${o.email}.`);
    }
    const passwordHash = o.password ? await hashPassword(o.password) : undefined;
    const mail = commandMailContext(config);
    const { tenantId, firstPeriod, invitation } = await withTransaction(db, async (trx) => {
      const created = await createOnboardedTenant(
        trx,
        COMMAND_LINE_ACTOR,
        {
          email: o.email,
          passwordHash,
          firstName: o["first-name"],
          lastName: o["last-name"],
          tenancy: {
            buildingId: await ensureBuilding(trx, o.address),
            unit: o.apartment ?? null,
            startDate: o.start,
            baseRentCents: o["base-rent"],
            utilitiesCents: o.utilities,
            paymentMethod: o["payment-method"],
            dueDay: o["due-day"],
            ibanLast4: o["iban-last4"] ?? null,
          },
          opening: { firstPeriod: o["first-month"] ?? null, openingBalanceCents: o.balance ?? 0 },
        },
        "cli",
      );
      if (created.kind !== "ok") throw new CommandError("message" in created ? created.message : "Nicht gefunden.");
      const invited = o.invite
        ? await issueInvitation(trx, COMMAND_LINE_ACTOR, created.value.tenantId, "email", mail)
        : undefined;
      if (invited && invited.kind !== "ok") {
        throw new CommandError("message" in invited ? invited.message : "Nicht gefunden.");
      }
      return { tenantId: created.value.tenantId, firstPeriod: created.value.firstPeriod, invitation: invited?.value };
    });
    const total = o["base-rent"] + o.utilities;
    io.out(`Mieter angelegt: ${o["first-name"]} ${o["last-name"]} <${o.email}> (ID ${tenantId})`);
    io.out(`Mietverhältnis: ${o.address}${o.apartment ? `, ${o.apartment}` : ""}, ab ${germanDate(o.start)}`);
    io.out(
      `Miete: ${germanEuros(total)} (${germanEuros(o["base-rent"])} Grundmiete + ${germanEuros(o.utilities)} Nebenkosten), ` +
        `${PAYMENT_METHOD_LABELS[o["payment-method"]]}, fällig am ${o["due-day"]}. des Monats`,
    );
    io.out(
      `Mietkonto ab ${firstPeriod.slice(5)}.${firstPeriod.slice(0, 4)}` +
        (o.balance
          ? `, Saldovortrag ${germanEuros(Math.abs(o.balance))} ${o.balance > 0 ? "Rückstand" : "Guthaben"}`
          : "") +
        ".",
    );
    if (invitation) {
      io.out(`Einladung an ${o.email} liegt im Postausgang (der Server versendet sie), gültig 72 Stunden.`);
      io.out(`Link: ${invitation.link}`);
    } else {
      io.out("Der Mieter kann sich jetzt mit E-Mail-Adresse und Passwort anmelden.");
    }
  },
};

export const endTenancy: AdminCommand = {
  name: "end-tenancy",
  summary:
    "Laufendes Mietverhältnis beenden (Portalzugang endet 3 Monate später; Zählerstände zum Auszug werden erbeten)",
  usage: "end-tenancy --email <adresse> --date JJJJ-MM-TT",
  async run({ db, io }, argv) {
    const o = parseOptions(argv, z.object({ email, date: calendarDate }));
    const tenant = await requireTenantByEmail(db, o.email);
    const tenancy = await findCurrentTenancy(db, tenant.id);
    if (!tenancy) throw new CommandError(`${tenant.name} hat kein Mietverhältnis.`);
    if (o.date < tenancy.start_date) {
      throw new CommandError(
        `Das Ende (${germanDate(o.date)}) liegt vor dem Beginn des Mietverhältnisses (${germanDate(tenancy.start_date)}).`,
      );
    }
    const ended = await endCurrentTenancy(db, COMMAND_LINE_ACTOR, tenant.id, o.date);
    if (ended.kind !== "ok") throw new CommandError("message" in ended ? ended.message : "Nicht gefunden.");
    const accessUntil = ended.value.accessUntil;
    const place = `${tenancy.address}${tenancy.apartment_number ? `, ${tenancy.apartment_number}` : ""}`;
    io.out(
      `Mietverhältnis von ${tenant.name} (${place}) endet am ${germanDate(o.date)}` +
        (tenancy.end_date ? ` (bisher: ${germanDate(tenancy.end_date)}).` : "."),
    );
    io.out(
      hasPortalAccess(o.date)
        ? `Zugang zum Portal bis einschließlich ${germanDate(accessUntil)}.`
        : `Der Zugang zum Portal ist beendet (seit ${germanDate(accessUntil)}); Anmeldungen und Sitzungen werden abgewiesen.`,
    );
    const reading = ended.value.moveOutReading;
    if (reading) {
      io.out(
        `Zählerstände zum Auszug erbeten: ${germanDate(reading.startsOn)} bis ${germanDate(reading.endsOn)} (Ablesekampagne ${reading.campaignId}).`,
      );
    }
  },
};

export const resetPassword: AdminCommand = {
  name: "reset-password",
  summary: "Passwort neu setzen oder Link zum Zurücksetzen per E-Mail senden",
  usage: "reset-password --email <adresse> [--password <neues passwort>]",
  async run({ db, config, mailer, io }, argv) {
    const o = parseOptions(argv, z.object({ email, password: newPassword.optional() }));
    const tenant = await requireTenantByEmail(db, o.email);
    if (o.password) {
      await setPassword(db, tenant.id, await hashPassword(o.password));
      io.out(`Neues Passwort für ${tenant.name} <${tenant.email}> gesetzt. Alle bisherigen Sitzungen sind beendet.`);
      return;
    }
    const token = await createResetToken(db, tenant.id, RESET_TOKEN_TTL_SECONDS);
    const link = resetLink(config, token);
    await sendResetMail(mailer, config, { to: tenant.email, name: tenant.name, link, startedBy: "management" });
    const where = config.smtpUrl ? "per SMTP" : `als Datei in ${path.join(config.dataDir, "outbox")}`;
    io.out(
      `Link zum Zurücksetzen an ${tenant.email} gesendet (${where}), gültig ${RESET_TOKEN_TTL_SECONDS / 60} Minuten.`,
    );
    io.out(`Link: ${link}`);
  },
};

export const listTenants: AdminCommand = {
  name: "list-tenants",
  summary: "Alle Mieter mit Mietverhältnis und Zugangsstatus auflisten",
  usage: "list-tenants",
  async run({ db, io }, argv) {
    parseOptions(argv, z.object({}));
    const rows = await db
      .selectFrom("tenants")
      .leftJoin("tenancies", (join) => join.on("tenancies.id", "=", currentTenancyIdFor(db, "tenants.id")))
      .select([
        "tenants.id",
        "tenants.email",
        "tenants.first_name",
        "tenants.last_name",
        "tenancies.address",
        "tenancies.apartment_number",
        "tenancies.start_date",
        "tenancies.end_date",
      ])
      .orderBy("tenants.email_normalized")
      .execute();
    if (rows.length === 0) {
      io.out("Keine Mieter vorhanden.");
      return;
    }
    const today = berlinToday();
    // One row per tenant: the current tenancy decides (domain/tenants/current-tenancy.ts).
    for (const row of rows) {
      let access = "kein Mietverhältnis";
      if (row.start_date) {
        const end = row.end_date ? addMonths(row.end_date, ACCESS_MONTHS_AFTER_TENANCY) : null;
        access = !end ? "Zugang aktiv" : end >= today ? `Zugang bis ${germanDate(end)}` : "Zugang beendet";
      }
      const period = row.start_date
        ? `seit ${germanDate(row.start_date)}${row.end_date ? ` bis ${germanDate(row.end_date)}` : ""}`
        : "";
      const place = row.address ? `${row.address}${row.apartment_number ? `, ${row.apartment_number}` : ""}` : "";
      io.out(
        [`${row.email}`, `${row.first_name} ${row.last_name}`, place, period, access, row.id]
          .filter(Boolean)
          .join(" | "),
      );
    }
    io.out(`${rows.length} Mieter.`);
  },
};
