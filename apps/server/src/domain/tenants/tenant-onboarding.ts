import { createHash, randomUUID } from "node:crypto";
import type { PaymentMethod } from "@mieter-portal/contracts";
import { type Db, withTransaction } from "../../db/connection.js";
import { tenancySearchText, tenantSearchText } from "../../lib/search-text.js";
import { tenantSortKey } from "../../lib/sort-key.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { type LedgerOpening, openLedgers } from "../ledger/rent-ledger.js";
import type { MailContext } from "../notifications/notify.js";
import { normalizeEmail } from "./auth.js";

/**
 * Tenancies and onboarding (issue 14 §1, decision 018): tenants created by staff, the admin
 * command line or a CSV import start without a password and are invited with a one-time link
 * (e-mail: 72 hours; printed letter: 30 days and a registration code, decision 029; a new one
 * replaces the old). Every change is audited in
 * its transaction.
 *
 * Two stored values stand for "none" (migration 0009): `password_hash = ''` (no password yet) and
 * `email = ''` with `email_normalized = 'ohne-email:<id>'` (no address known yet).
 */

export const NO_PASSWORD = "";
export const INVITATION_MAIL_KIND = "tenant_invitation";
/** Who acts when the admin command line changes something. */
export const COMMAND_LINE_ACTOR: AuditActor = { staffId: null, name: "Kommandozeile (admin)", ip: null };

/** YYYY-MM-DD plus whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Rows per multi-row statement (14 columns of tenancies: far below either database's limit of parameters). */
const CHUNK = 400;

export const noEmailKey = (tenantId: string) => `ohne-email:${tenantId}`;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The link in the mail and on the letter; the token stays in the fragment (never in a server log). */
export const tenantInvitationLink = (mail: Pick<MailContext, "publicUrl">, token: string) =>
  `${mail.publicUrl}/einladung#token=${encodeURIComponent(token)}`;

export interface TenancyInput {
  buildingId: string;
  unit: string | null;
  startDate: string;
  baseRentCents: number;
  utilitiesCents: number;
  paymentMethod: PaymentMethod;
  dueDay: number;
  ibanLast4: string | null;
}

export interface OnboardedTenantInput {
  firstName: string;
  lastName: string;
  /** null: no address known (printed letter). */
  email: string | null;
  tenancy: TenancyInput;
  /** Set a password right away (admin command line only); otherwise the tenant is invited. */
  passwordHash?: string;
  /**
   * The account at takeover (issue 24 item 5, decision 028): the first month to charge (default:
   * the first due on or after the takeover day) and the balance carried over.
   */
  opening?: Omit<LedgerOpening, "createdBy">;
}

export type OnboardingResult<T> =
  | { kind: "ok"; value: T }
  | { kind: "not_found" }
  | { kind: "conflict"; message: string }
  | { kind: "invalid"; message: string; field: string };

export const EMAIL_TAKEN = "Diese E-Mail-Adresse gehört bereits zu einem anderen Mieter.";

export async function emailTaken(db: Db, email: string, exceptTenantId?: string): Promise<boolean> {
  let query = db.selectFrom("tenants").select("id").where("email_normalized", "=", normalizeEmail(email));
  if (exceptTenantId) query = query.where("id", "<>", exceptTenantId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whole seconds, like a token's iat: a token issued right after the change is not older than it. */
export const wholeSecondNow = () => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();

/**
 * A tenant with a tenancy in one of the buildings (the tenancy's address is the building's).
 * `source` tells the audit log where it came from (console, CSV import, command line).
 */
export async function createOnboardedTenant(
  db: Db,
  actor: AuditActor,
  input: OnboardedTenantInput,
  source: "console" | "csv" | "cli" = "console",
): Promise<OnboardingResult<OnboardedTenant>> {
  const created = await createOnboardedTenants(db, actor, [input], source);
  return created.kind === "ok" ? { kind: "ok", value: created.value[0]! } : created;
}

export interface OnboardedTenant {
  tenantId: string;
  tenancyId: string;
  buildingId: string;
  firstPeriod: string;
}

/**
 * createOnboardedTenant for many (a CSV import, issue 24's 5,000 rows): buildings and addresses are
 * checked with one query per 400, tenants, tenancies and their ledgers written with multi-row
 * statements; only the audit entries are one statement each. All or none: the first input that
 * fails refuses the batch (the caller's transaction is rolled back). Results in the order given.
 */
export async function createOnboardedTenants(
  db: Db,
  actor: AuditActor,
  inputs: OnboardedTenantInput[],
  source: "console" | "csv" | "cli" = "console",
): Promise<OnboardingResult<OnboardedTenant[]>> {
  class Refused extends Error {
    constructor(readonly result: { kind: "invalid"; message: string; field: string }) {
      super(result.message);
    }
  }
  try {
    return await withTransaction(db, async (trx) => {
      const buildingIds = [...new Set(inputs.map((i) => i.tenancy.buildingId))];
      const addresses = new Map<string, string>();
      for (let i = 0; i < buildingIds.length; i += CHUNK) {
        const rows = await trx
          .selectFrom("buildings")
          .select(["id", "address"])
          .where("id", "in", buildingIds.slice(i, i + CHUNK))
          .execute();
        for (const row of rows) addresses.set(row.id, row.address);
      }
      if (inputs.some((i) => !addresses.has(i.tenancy.buildingId))) {
        throw new Refused({ kind: "invalid", message: "Unbekanntes Gebäude.", field: "building_id" });
      }
      const emails = inputs.flatMap((i) => (i.email ? [normalizeEmail(i.email)] : []));
      if (new Set(emails).size !== emails.length)
        throw new Refused({ kind: "invalid", message: EMAIL_TAKEN, field: "email" });
      for (let i = 0; i < emails.length; i += CHUNK) {
        const taken = await trx
          .selectFrom("tenants")
          .select("id")
          .where("email_normalized", "in", emails.slice(i, i + CHUNK))
          .executeTakeFirst();
        if (taken) throw new Refused({ kind: "invalid", message: EMAIL_TAKEN, field: "email" });
      }
      const createdAt = wholeSecondNow();
      const made = inputs.map((input) => {
        const tenantId = randomUUID();
        const t = input.tenancy;
        const address = addresses.get(t.buildingId)!;
        return {
          input,
          tenant: {
            id: tenantId,
            email: input.email ?? "",
            email_normalized: input.email ? normalizeEmail(input.email) : noEmailKey(tenantId),
            password_hash: input.passwordHash ?? NO_PASSWORD,
            first_name: input.firstName,
            last_name: input.lastName,
            search_text: tenantSearchText({
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email ?? "",
            }),
            sort_key: tenantSortKey({ firstName: input.firstName, lastName: input.lastName }),
            password_changed_at: createdAt,
            created_at: createdAt,
          },
          tenancy: {
            id: randomUUID(),
            tenant_id: tenantId,
            address,
            building_id: t.buildingId,
            apartment_number: t.unit,
            search_text: tenancySearchText({ address, unit: t.unit }),
            start_date: t.startDate,
            end_date: null,
            base_rent_cents: t.baseRentCents,
            utilities_cents: t.utilitiesCents,
            payment_method: t.paymentMethod,
            due_day: t.dueDay,
            iban_last4: t.ibanLast4,
            created_at: createdAt,
          },
        };
      });
      for (let i = 0; i < made.length; i += CHUNK) {
        const chunk = made.slice(i, i + CHUNK);
        await trx
          .insertInto("tenants")
          .values(chunk.map((m) => m.tenant))
          .execute();
        await trx
          .insertInto("tenancies")
          .values(chunk.map((m) => m.tenancy))
          .execute();
      }
      // The rent accounts from the first month to charge (nothing owed for the time before the
      // takeover unless a balance is carried over), so the tenant sees their next payment from the
      // first sign-in on and nobody is overdue on day one.
      const firstPeriods = await openLedgers(
        trx,
        made.map((m) => ({ terms: m.tenancy, opening: { ...m.input.opening, createdBy: actor.staffId } })),
      );
      const value: OnboardedTenant[] = [];
      for (const [i, { input, tenant, tenancy: t }] of made.entries()) {
        const firstPeriod = firstPeriods[i]!;
        await recordAudit(trx, actor, {
          action: "tenant.create",
          entityType: "tenant",
          entityId: tenant.id,
          buildingId: t.building_id,
          after: {
            source,
            first_name: input.firstName,
            last_name: input.lastName,
            email: input.email,
            tenancy: {
              id: t.id,
              unit: t.apartment_number,
              start_date: t.start_date,
              base_rent_cents: t.base_rent_cents,
              utilities_cents: t.utilities_cents,
              payment_method: t.payment_method,
              due_day: t.due_day,
            },
            first_period: firstPeriod,
            opening_balance_cents: input.opening?.openingBalanceCents ?? 0,
            password_set: input.passwordHash !== undefined,
          },
        });
        value.push({ tenantId: tenant.id, tenancyId: t.id, buildingId: t.building_id, firstPeriod });
      }
      return { kind: "ok" as const, value };
    });
  } catch (err) {
    if (err instanceof Refused) return err.result;
    throw err;
  }
}
