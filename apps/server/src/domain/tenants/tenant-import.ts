import { paymentMethod } from "@mieter-portal/contracts";
import type { TenantImportPreview, TenantImportRow } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { parseTenantCsv, refusedRowsCsv } from "../../lib/tenant-csv.js";
import type { ParsedImportRow } from "../../lib/tenant-csv-fields.js";
import { berlinToday, centsToEuros } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { addPeriods, firstChargedPeriod, periodOf } from "../ledger/rent-ledger.js";
import type { MailContext } from "../notifications/notify.js";
import { recordImportedMandates } from "../sepa/mandates.js";
import { normalizeEmail } from "./auth.js";
import { issueInvitation } from "./invitations.js";
import { createOnboardedTenants } from "./tenant-onboarding.js";

/**
 * Importing tenants and tenancies from a CSV file (issue 14 §1, issue 24 items 5, 9 and 10;
 * docs/tenant-import.md, decision 028): the preview names every row's problems in German with the
 * offending value; the import writes the valid rows in one transaction (it checks again inside
 * it), skips tenants that are there already and lists the refused rows as a file of their own.
 * Each account opens at the takeover day: nothing is owed for the time before unless the file
 * carries a balance.
 */

export interface ImportScope {
  allBuildings: boolean;
  buildingIds: string[];
}

/** Names compared without case and repeated spaces. */
const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/** An address compared without case, punctuation or spaces, "Str." as "Straße": "Gartenstr. 12, 10115 Berlin" = "Gartenstraße 12 10115 Berlin". */
const addressKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/str\.?(?=[\s\d,]|$)/g, "strasse")
    .replace(/[^a-z0-9]/g, "");

const CHUNK = 500;

/** Finds the building a row names: by its address or, when unique, by its name, among the staff member's buildings. */
async function buildingMatcher(db: Db, scope: ImportScope) {
  let query = db.selectFrom("buildings").select(["id", "name", "address"]);
  if (!scope.allBuildings) {
    if (scope.buildingIds.length === 0) return () => undefined;
    query = query.where("id", "in", scope.buildingIds);
  }
  const buildings = await query.execute();
  const byAddress = new Map(buildings.map((b) => [addressKey(b.address), b]));
  const byName = new Map<string, (typeof buildings)[number] | null>();
  for (const b of buildings) byName.set(key(b.name), byName.has(key(b.name)) ? null : b);
  return (text: string) => byAddress.get(addressKey(text)) ?? byName.get(key(text)) ?? undefined;
}

/** A tenant is the same when name, building and unit are (an import without e-mail addresses run twice). */
const placeKey = (firstName: string, lastName: string, buildingId: string, unit: string | null) =>
  [key(firstName), key(lastName), buildingId, key(unit ?? "")].join("\u0000");

interface Analysis {
  preview: TenantImportPreview;
  /** The rows to create, as parsed, with their building and first month. */
  toCreate: { row: ParsedImportRow; buildingId: string; firstPeriod: string }[];
}

async function analyse(db: Db, scope: ImportScope, csv: string, today: string): Promise<Analysis> {
  const parsed = parseTenantCsv(csv);
  const none = { importable: 0, existing: 0, refused: 0, invitable: 0, refused_csv: null };
  if (parsed.fileProblems.length > 0) {
    return {
      preview: {
        file_problems: parsed.fileProblems,
        file_warnings: parsed.fileWarnings,
        rows: [],
        valid: false,
        ...none,
      },
      toCreate: [],
    };
  }
  const findBuilding = await buildingMatcher(db, scope);
  const buildingOf = parsed.rows.map((r) => (r.building ? findBuilding(r.building) : undefined));

  // Tenants there already: by e-mail address, and by name in the same building and unit.
  const emails = [...new Set(parsed.rows.flatMap((r) => (r.email ? [normalizeEmail(r.email)] : [])))];
  const byEmail = new Map<string, { first_name: string; last_name: string }>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await db
      .selectFrom("tenants")
      .select(["email_normalized", "first_name", "last_name"])
      .where("email_normalized", "in", emails.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) byEmail.set(row.email_normalized, row);
  }
  const buildingIds = [...new Set(buildingOf.flatMap((b) => (b ? [b.id] : [])))];
  const places = new Set<string>();
  for (let i = 0; i < buildingIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("tenancies")
      .innerJoin("tenants", "tenants.id", "tenancies.tenant_id")
      .select(["tenants.first_name", "tenants.last_name", "tenancies.building_id", "tenancies.apartment_number"])
      .where("tenancies.building_id", "in", buildingIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) places.add(placeKey(r.first_name, r.last_name, r.building_id!, r.apartment_number));
  }

  // Mandate references the sheet carries that are taken already (issue 28): refused per row.
  const references = [...new Set(parsed.rows.map((r) => r.mandate?.reference).filter((r): r is string => Boolean(r)))];
  const takenReferences = new Set<string>();
  for (let i = 0; i < references.length; i += CHUNK) {
    const rows = await db
      .selectFrom("sepa_mandates")
      .select("reference")
      .where("reference", "in", references.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) takenReferences.add(r.reference);
  }

  const earliest = addPeriods(periodOf(today), -36);
  const firstLineOf = new Map<string, number>();
  const toCreate: Analysis["toCreate"] = [];
  const refusedRows: ParsedImportRow[] = [];
  const rows: TenantImportRow[] = parsed.rows.map((row, i) => {
    const problems = [...row.problems];
    const building = buildingOf[i];
    if (row.building && !building) {
      problems.push(
        `Das Gebäude „${row.building}“ ist unbekannt oder gehört nicht zu Ihren Gebäuden (Adresse wie in der Gebäudeliste).`,
      );
    }
    let exists = false;
    if (row.email) {
      const normalized = normalizeEmail(row.email);
      const owner = byEmail.get(normalized);
      if (owner && key(`${owner.first_name} ${owner.last_name}`) === key(`${row.firstName} ${row.lastName}`)) {
        exists = true;
      } else if (owner) {
        problems.push(`Die E-Mail-Adresse „${row.email}“ gehört bereits zu einem anderen Mieter.`);
      }
      const first = firstLineOf.get(normalized);
      if (first !== undefined) problems.push(`Die E-Mail-Adresse „${row.email}“ steht schon in Zeile ${first}.`);
      else firstLineOf.set(normalized, row.line);
    }
    if (building) {
      const place = placeKey(row.firstName, row.lastName, building.id, row.unit);
      if (places.has(place)) exists = true;
      const first = firstLineOf.get(place);
      if (first !== undefined) {
        problems.push(
          `${row.firstName} ${row.lastName} in „${row.unit ?? "ohne Wohnung"}“ steht schon in Zeile ${first}.`,
        );
      } else firstLineOf.set(place, row.line);
    }
    const reference = row.mandate?.reference;
    if (reference && takenReferences.has(reference)) {
      problems.push(`Die Mandatsreferenz „${reference}“ ist schon vergeben.`);
    } else if (reference) {
      const first = firstLineOf.get(`mandate:${reference}`);
      if (first !== undefined) problems.push(`Die Mandatsreferenz „${reference}“ steht schon in Zeile ${first}.`);
      else firstLineOf.set(`mandate:${reference}`, row.line);
    }
    if (row.firstPeriod && row.firstPeriod < earliest) {
      problems.push(
        `Der erste Monat ${row.firstPeriod.slice(5)}.${row.firstPeriod.slice(0, 4)} liegt mehr als drei Jahre zurück: bitte den Rückstand als Saldo angeben.`,
      );
    }
    const status = problems.length > 0 ? "error" : exists ? "exists" : "ok";
    let firstPeriod: string | null = null;
    if (status === "ok") {
      const terms = { start_date: row.startDate, due_day: row.dueDay! };
      const wanted = row.firstPeriod ?? firstChargedPeriod(terms, today);
      firstPeriod = wanted < periodOf(row.startDate) ? periodOf(row.startDate) : wanted;
      toCreate.push({ row, buildingId: building!.id, firstPeriod });
    } else if (status === "error") {
      refusedRows.push({ ...row, problems });
    }
    return {
      line: row.line,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      building: building ? { id: building.id, name: building.name } : null,
      unit: row.unit,
      start_date: row.startDate,
      base_rent: row.baseRentCents === null ? null : centsToEuros(row.baseRentCents),
      utilities: row.utilitiesCents === null ? null : centsToEuros(row.utilitiesCents),
      payment_method: row.paymentMethod,
      due_day: row.dueDay,
      first_period: firstPeriod,
      opening_balance: centsToEuros(row.openingBalanceCents),
      status,
      problems,
      warnings:
        status === "exists"
          ? [
              row.email && byEmail.has(normalizeEmail(row.email))
                ? `Bereits vorhanden (E-Mail-Adresse „${row.email}“), übersprungen.`
                : "Bereits vorhanden (gleicher Name in derselben Wohnung), übersprungen.",
            ]
          : row.warnings,
    };
  });
  const existing = rows.filter((r) => r.status === "exists").length;
  return {
    preview: {
      file_problems: [],
      file_warnings: parsed.fileWarnings,
      rows,
      valid: toCreate.length > 0,
      importable: toCreate.length,
      existing,
      refused: refusedRows.length,
      invitable: toCreate.filter((c) => c.row.email).length,
      refused_csv: refusedRows.length > 0 ? refusedRowsCsv(parsed, refusedRows) : null,
    },
    toCreate,
  };
}

/** Every row with its status, problems, first month charged and balance; writes nothing. */
export async function previewTenantImport(
  db: Db,
  scope: ImportScope,
  csv: string,
  options: { today?: string } = {},
): Promise<TenantImportPreview> {
  return (await analyse(db, scope, csv, options.today ?? berlinToday())).preview;
}

export type ImportOutcome =
  | {
      kind: "ok";
      created: number;
      invited: number;
      skipped: number;
      refused: number;
      refusedCsv: string | null;
    }
  | { kind: "invalid"; preview: TenantImportPreview };

/**
 * Writes the valid rows in one transaction (and, if asked, invites those with an address); rows
 * with a problem are left out and listed, tenants there already are skipped. "invalid" only when
 * the file as a whole cannot be read.
 */
export async function importTenants(
  db: Db,
  actor: AuditActor,
  scope: ImportScope,
  csv: string,
  options: { invite: boolean; mail: MailContext; today?: string },
): Promise<ImportOutcome> {
  const today = options.today ?? berlinToday();
  return withTransaction(db, async (trx) => {
    const { preview, toCreate } = await analyse(trx, scope, csv, today);
    if (preview.file_problems.length > 0) return { kind: "invalid", preview };
    // One batch: a few multi-row statements per 400 rows (decision 028, issue 24's bench).
    const created = await createOnboardedTenants(
      trx,
      actor,
      toCreate.map(({ row, buildingId, firstPeriod }) => ({
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        tenancy: {
          buildingId,
          unit: row.unit,
          startDate: row.startDate,
          baseRentCents: row.baseRentCents!,
          utilitiesCents: row.utilitiesCents!,
          // A row without problems names one of the contracts' methods; parsed, not cast.
          paymentMethod: paymentMethod.parse(row.paymentMethod),
          dueDay: row.dueDay!,
          ibanLast4: row.ibanLast4,
        },
        opening: { firstPeriod, openingBalanceCents: row.openingBalanceCents, asOf: today },
      })),
      "csv",
    );
    // The check ran in this transaction: a row it passed cannot fail here.
    if (created.kind !== "ok") throw new Error(`Import: ${JSON.stringify(created)}`);
    await recordImportedMandates(
      trx,
      created.value.flatMap((tenant, i) => {
        const mandate = toCreate[i]!.row.mandate;
        return mandate ? [{ tenancyId: tenant.tenancyId, ...mandate }] : [];
      }),
      actor,
      today,
    );
    let invited = 0;
    const buildings = new Set<string>();
    for (const [i, tenant] of created.value.entries()) {
      buildings.add(tenant.buildingId);
      if (options.invite && toCreate[i]!.row.email) {
        const sent = await issueInvitation(trx, actor, tenant.tenantId, "email", options.mail);
        if (sent.kind === "ok") invited++;
      }
    }
    await recordAudit(trx, actor, {
      action: "tenant.import",
      entityType: "tenant_import",
      after: {
        created: toCreate.length,
        skipped: preview.existing,
        refused: preview.refused,
        invited,
        buildings: [...buildings],
      },
    });
    return {
      kind: "ok",
      created: toCreate.length,
      invited,
      skipped: preview.existing,
      refused: preview.refused,
      refusedCsv: preview.refused_csv,
    };
  });
}
