import { readFile } from "node:fs/promises";
import { calendarDate, passwordResetRequest } from "@mieter-portal/contracts";
import { z } from "zod";
import type { AuditActor } from "../../domain/audit/audit.js";
import { commitStatement, previewStatement } from "../../domain/ledger/bank-import.js";
import { ensureRentCharges } from "../../domain/ledger/rent-charges.js";
import { startLedgerFrom } from "../../domain/ledger/rent-ledger.js";
import { recordManualPayment } from "../../domain/ledger/staff-ledger-work.js";
import { refreshStatisticsAfterImport } from "../../domain/statistics/statistics.js";
import { findCurrentTenancy } from "../../domain/tenants/tenants.js";
import { decodeStatement, type ParsedStatement, readStatement, StatementError } from "../../lib/bank-statement.js";
import { centsToEuros } from "../../lib/time.js";
import { CommandError, euroAmount, optionalText, parseOptions } from "../args.js";
import { type AdminCommand, requireTenantByEmail } from "../context.js";

/** The rent ledger on the command line (issue 14 §2): the same repository functions as the console. */

const ACTOR: AuditActor = { staffId: null, name: "Kommandozeile (admin)", ip: null };
const ALL_BUILDINGS = { allBuildings: true, buildingIds: [] };
const euro = (cents: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(centsToEuros(cents));

async function tenancyOf(db: Parameters<AdminCommand["run"]>[0]["db"], email: string) {
  const tenant = await requireTenantByEmail(db, email);
  const tenancy = await findCurrentTenancy(db, tenant.id);
  if (!tenancy) throw new CommandError(`${tenant.name} hat kein Mietverhältnis.`);
  return { tenant, tenancy };
}

const charges = (n: number) => (n === 1 ? "1 Mietforderung" : `${n} Mietforderungen`);

const rentChargesOptions = z.object({
  email: passwordResetRequest.shape.email.optional(),
  from: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Monat als JJJJ-MM angeben, z. B. 2026-09." })
    .optional(),
});

export const rentChargesCommand: AdminCommand = {
  name: "rent-charges",
  summary: "Monatliche Mietforderungen anlegen (sonst beim Serverstart und täglich)",
  usage: "rent-charges [--email <mieter> [--from JJJJ-MM]]",
  async run({ db, io }, argv) {
    const o = parseOptions(argv, rentChargesOptions);
    if (o.from && !o.email) throw new CommandError("--from gilt für einen Mieter: bitte auch --email angeben.");
    if (!o.email) {
      io.out(`${charges(await ensureRentCharges(db))} angelegt.`);
      return;
    }
    const { tenant, tenancy } = await tenancyOf(db, o.email);
    const created = o.from
      ? await startLedgerFrom(db, tenancy.id, o.from)
      : await ensureRentCharges(db, { tenancyId: tenancy.id });
    io.out(`${charges(created)} für ${tenant.name} angelegt.`);
  },
};

const importOptions = z.object({
  file: z.string({ error: "--file <pfad> ist erforderlich." }).min(1),
  format: z.enum(["csv", "camt"], { error: "--format muss csv oder camt sein." }).optional(),
  preview: z.boolean().optional(),
});

export const importStatementCommand: AdminCommand = {
  name: "import-statement",
  summary: "Kontoauszug (CSV oder CAMT.053) einlesen und Zahlungen zuordnen",
  usage: "import-statement --file <pfad> [--format csv|camt] [--preview]",
  async run({ db, io }, argv) {
    const o = parseOptions(argv, importOptions, ["preview"]);
    let content: string;
    try {
      // As the bank exported it: UTF-8, else Windows-1252 (Sparkasse, ING, Deutsche Bank …).
      content = decodeStatement(await readFile(o.file));
    } catch {
      throw new CommandError(`Die Datei ${o.file} lässt sich nicht lesen.`);
    }
    let statement: ParsedStatement;
    try {
      statement = readStatement(content, { format: o.format });
    } catch (err) {
      if (err instanceof StatementError) throw new CommandError(err.message);
      throw err;
    }
    io.out(`Erkannt: ${statement.layoutLabel}.`);
    for (const warning of statement.warnings) io.out(warning);
    const result = o.preview
      ? await previewStatement(db, statement, ALL_BUILDINGS)
      : await commitStatement(db, { ...statement, filename: o.file }, ALL_BUILDINGS, ACTOR);
    if (!o.preview) await refreshStatisticsAfterImport(db);
    for (const line of result.lines) {
      io.out(
        `Zeile ${line.line}: ${euro(Math.round(line.amount * 100))} ${line.status}${line.tenant_name ? ` → ${line.tenant_name}` : ""} – ${line.reason}`,
      );
    }
    const t = result.totals;
    io.out(
      `${o.preview ? "Vorschau" : "Gebucht"}: ${t.match} zugeordnet, ${t.unmatched} nicht zugeordnet, ${t.duplicate} bereits gebucht, ${t.possible_duplicate} möglicherweise bereits gebucht, ${t.pending} vorgemerkt, ${t.refused} abgelehnt, ${t.ignored} nicht berücksichtigt.`,
    );
  },
};

const paymentOptions = z.object({
  email: passwordResetRequest.shape.email,
  amount: euroAmount("Betrag"),
  date: calendarDate,
  note: optionalText(300, "Notiz"),
});

export const recordPaymentCommand: AdminCommand = {
  name: "record-payment",
  summary: "Zahlung eines Mieters von Hand erfassen",
  usage: "record-payment --email <mieter> --amount 750,00 --date JJJJ-MM-TT [--note <text>]",
  async run({ db, io }, argv) {
    const o = parseOptions(argv, paymentOptions);
    const { tenant, tenancy } = await tenancyOf(db, o.email);
    const row = await db.selectFrom("tenancies").select("building_id").where("id", "=", tenancy.id).executeTakeFirst();
    await recordManualPayment(
      db,
      tenancy.id,
      { amountCents: o.amount, bookedOn: o.date, note: o.note },
      ACTOR,
      row?.building_id ?? null,
    );
    io.out(`Zahlung über ${euro(o.amount)} für ${tenant.name} erfasst.`);
  },
};
