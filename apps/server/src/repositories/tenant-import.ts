import type { TenantImportPreview, TenantImportRow } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../db/connection.js";
import type { MailContext } from "../lib/notify.js";
import { parseTenantCsv } from "../lib/tenant-csv.js";
import { centsToEuros } from "../lib/time.js";
import { type AuditActor, recordAudit } from "./audit.js";
import { normalizeEmail } from "./auth.js";
import { createOnboardedTenant, issueInvitation } from "./tenant-onboarding.js";

/**
 * Importing tenants and tenancies from a CSV file (issue 14 §1, docs/tenant-import.md): the
 * preview names every row's problems in German; the import writes all rows in one transaction or
 * nothing (it checks again inside that transaction, so nothing partial ever lands).
 */

export interface ImportScope {
  allBuildings: boolean;
  buildingIds: string[];
}

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/** Finds the building a row names: by its address or, when unique, by its name, among the staff member's buildings. */
async function buildingMatcher(db: Db, scope: ImportScope) {
  let query = db.selectFrom("buildings").select(["id", "name", "address"]);
  if (!scope.allBuildings) {
    if (scope.buildingIds.length === 0) return () => undefined;
    query = query.where("id", "in", scope.buildingIds);
  }
  const buildings = await query.execute();
  const byAddress = new Map(buildings.map((b) => [key(b.address), b]));
  const byName = new Map<string, (typeof buildings)[number] | null>();
  for (const b of buildings) byName.set(key(b.name), byName.has(key(b.name)) ? null : b);
  return (text: string) => byAddress.get(key(text)) ?? byName.get(key(text)) ?? undefined;
}

/** Every row with its problems; `valid` only when the whole file can be written. */
export async function previewTenantImport(db: Db, scope: ImportScope, csv: string): Promise<TenantImportPreview> {
  const parsed = parseTenantCsv(csv);
  if (parsed.fileProblems.length > 0) return { file_problems: parsed.fileProblems, rows: [], valid: false };
  const findBuilding = await buildingMatcher(db, scope);
  const emails = parsed.rows.flatMap((r) => (r.email ? [normalizeEmail(r.email)] : []));
  const taken = new Set<string>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db
      .selectFrom("tenants")
      .select("email_normalized")
      .where("email_normalized", "in", emails.slice(i, i + 500))
      .execute();
    for (const row of rows) taken.add(row.email_normalized);
  }
  const firstLineOf = new Map<string, number>();
  const rows: TenantImportRow[] = parsed.rows.map((row) => {
    const problems = [...row.problems];
    const building = row.building ? findBuilding(row.building) : undefined;
    if (row.building && !building) {
      problems.push(`Das Gebäude „${row.building}“ ist unbekannt oder gehört nicht zu Ihren Gebäuden.`);
    }
    if (row.email) {
      const normalized = normalizeEmail(row.email);
      if (taken.has(normalized)) problems.push(`Die E-Mail-Adresse ${row.email} gehört bereits zu einem Mieter.`);
      const first = firstLineOf.get(normalized);
      if (first !== undefined) problems.push(`Die E-Mail-Adresse ${row.email} steht schon in Zeile ${first}.`);
      else firstLineOf.set(normalized, row.line);
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
      problems,
    };
  });
  return { file_problems: [], rows, valid: rows.every((r) => r.problems.length === 0) };
}

export type ImportOutcome =
  | { kind: "ok"; created: number; invited: number }
  | { kind: "invalid"; preview: TenantImportPreview };

/** Writes every row (and, if asked, invites those with an address) or nothing. */
export async function importTenants(
  db: Db,
  actor: AuditActor,
  scope: ImportScope,
  csv: string,
  options: { invite: boolean; mail: MailContext },
): Promise<ImportOutcome> {
  return withTransaction(db, async (trx) => {
    const preview = await previewTenantImport(trx, scope, csv);
    if (!preview.valid) return { kind: "invalid", preview };
    const ibanOf = new Map(parseTenantCsv(csv).rows.map((r) => [r.line, r.ibanLast4]));
    let invited = 0;
    const buildings = new Set<string>();
    for (const row of preview.rows) {
      const created = await createOnboardedTenant(
        trx,
        actor,
        {
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          tenancy: {
            buildingId: row.building!.id,
            unit: row.unit,
            startDate: row.start_date,
            baseRentCents: Math.round(row.base_rent! * 100),
            utilitiesCents: Math.round(row.utilities! * 100),
            paymentMethod: row.payment_method,
            dueDay: row.due_day!,
            ibanLast4: ibanOf.get(row.line) ?? null,
          },
        },
        "csv",
      );
      // The preview ran in this transaction: a row it passed cannot fail here.
      if (created.kind !== "ok") throw new Error(`Zeile ${row.line}: ${JSON.stringify(created)}`);
      buildings.add(created.value.buildingId);
      if (options.invite && row.email) {
        const sent = await issueInvitation(trx, actor, created.value.tenantId, "email", options.mail);
        if (sent.kind === "ok") invited++;
      }
    }
    await recordAudit(trx, actor, {
      action: "tenant.import",
      entityType: "tenant_import",
      after: { created: preview.rows.length, invited, buildings: [...buildings] },
    });
    return { kind: "ok", created: preview.rows.length, invited };
  });
}
