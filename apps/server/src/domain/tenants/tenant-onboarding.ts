import { createHash, createHmac, randomBytes, randomInt, randomUUID } from "node:crypto";
import { ACCESS_MONTHS_AFTER_TENANCY, TENANT_INVITATION_TTL_SECONDS } from "@mieter-portal/contracts";
import type { InvitationStatus, TenantInvitationState } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import { tenancySearchText, tenantSearchText } from "../../lib/search-text.js";
import { tenantSortKey } from "../../lib/sort-key.js";
import { addMonths, berlinToday, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { ensureRentCharges, type LedgerOpening, openLedgers } from "../ledger/rent-ledger.js";
import { requestTenantReading } from "../meter-readings/meter-campaigns.js";
import { enqueueMail } from "../notifications/notifications.js";
import type { MailContext } from "../notifications/notify.js";
import { hasPortalAccess, normalizeEmail, OPEN_END } from "./auth.js";

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
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Rows per multi-row statement (14 columns of tenancies: far below either database's limit of parameters). */
const CHUNK = 400;

const noEmailKey = (tenantId: string) => `ohne-email:${tenantId}`;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The link in the mail and on the letter; the token stays in the fragment (never in a server log). */
export const tenantInvitationLink = (mail: Pick<MailContext, "publicUrl">, token: string) =>
  `${mail.publicUrl}/einladung#token=${encodeURIComponent(token)}`;

export interface TenancyInput {
  buildingId: string;
  unit: string | null;
  startDate: string;
  baseRentCents: number;
  utilitiesCents: number;
  paymentMethod: string;
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
const wholeSecondNow = () => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();

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

/** The tenant's building (current tenancy) and contact data, for scope checks and audit entries. */
export async function findTenantContact(db: Db, tenantId: string) {
  const row = await db
    .selectFrom("tenants")
    .select((eb) => [
      "tenants.id",
      "tenants.first_name",
      "tenants.last_name",
      "tenants.email",
      "tenants.password_hash",
      eb
        .selectFrom("tenancies")
        .select("tenancies.building_id")
        .whereRef("tenancies.tenant_id", "=", "tenants.id")
        .orderBy("tenancies.start_date", "desc")
        .orderBy("tenancies.created_at", "desc")
        .orderBy("tenancies.id", "desc")
        .limit(1)
        .as("building_id"),
    ])
    .where("tenants.id", "=", tenantId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email === "" ? null : row.email,
    hasPassword: row.password_hash !== NO_PASSWORD,
    buildingId: row.building_id ?? null,
  };
}

/** Name, street address and unit of the current tenancy (the letter's address block). */
export async function findTenantPlace(db: Db, tenantId: string) {
  const row = await db
    .selectFrom("tenants")
    .leftJoin("tenancies", "tenancies.tenant_id", "tenants.id")
    .select(["tenants.first_name", "tenants.last_name", "tenancies.address", "tenancies.apartment_number"])
    .where("tenants.id", "=", tenantId)
    .orderBy("tenancies.start_date", "desc")
    .orderBy("tenancies.created_at", "desc")
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    name: `${row.first_name} ${row.last_name}`.trim(),
    address: row.address ?? null,
    unit: row.apartment_number ?? null,
  };
}

/** Name and e-mail address; an active tenant keeps an address (they sign in with it). */
export async function updateTenantContact(
  db: Db,
  actor: AuditActor,
  tenantId: string,
  changes: { firstName?: string; lastName?: string; email?: string | null },
): Promise<OnboardingResult<undefined>> {
  return withTransaction(db, async (trx) => {
    const before = await findTenantContact(trx, tenantId);
    if (!before) return { kind: "not_found" };
    const set: {
      first_name?: string;
      last_name?: string;
      email?: string;
      email_normalized?: string;
      search_text?: string;
      sort_key?: string;
    } = {};
    if (changes.firstName !== undefined) set.first_name = changes.firstName;
    if (changes.lastName !== undefined) set.last_name = changes.lastName;
    if (changes.email !== undefined) {
      if (changes.email === null) {
        if (before.hasPassword) {
          return {
            kind: "invalid",
            message: "Der Mieter meldet sich mit seiner E-Mail-Adresse an; sie kann nicht entfernt werden.",
            field: "email",
          };
        }
        set.email = "";
        set.email_normalized = noEmailKey(tenantId);
      } else {
        if (await emailTaken(trx, changes.email, tenantId))
          return { kind: "invalid", message: EMAIL_TAKEN, field: "email" };
        set.email = changes.email;
        set.email_normalized = normalizeEmail(changes.email);
      }
    }
    set.search_text = tenantSearchText({
      firstName: set.first_name ?? before.firstName,
      lastName: set.last_name ?? before.lastName,
      email: set.email ?? before.email ?? "",
    });
    set.sort_key = tenantSortKey({
      firstName: set.first_name ?? before.firstName,
      lastName: set.last_name ?? before.lastName,
    });
    await trx.updateTable("tenants").set(set).where("id", "=", tenantId).execute();
    await recordAudit(trx, actor, {
      action: "tenant.update_contact",
      entityType: "tenant",
      entityId: tenantId,
      buildingId: before.buildingId,
      before: { first_name: before.firstName, last_name: before.lastName, email: before.email },
      after: {
        first_name: changes.firstName ?? before.firstName,
        last_name: changes.lastName ?? before.lastName,
        email: changes.email === undefined ? before.email : changes.email,
      },
    });
    return { kind: "ok", value: undefined };
  });
}

/** Ends the current tenancy; portal access ends ACCESS_MONTHS_AFTER_TENANCY months later. */
export async function endCurrentTenancy(
  db: Db,
  actor: AuditActor,
  tenantId: string,
  endDate: string,
  today = berlinToday(),
): Promise<
  OnboardingResult<{
    tenancyId: string;
    buildingId: string | null;
    accessUntil: string;
    unit: string | null;
    /** null: the tenancy had an end already (asked then), or no building to ask in. */
    moveOutReading: { campaignId: string; startsOn: string; endsOn: string } | null;
    endMoved: boolean;
  }>
> {
  return withTransaction(db, async (trx) => {
    const tenancy = await trx
      .selectFrom("tenancies")
      .select(["id", "start_date", "end_date", "building_id", "apartment_number"])
      .where("tenant_id", "=", tenantId)
      .orderBy("start_date", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (!tenancy) return { kind: "conflict", message: "Der Mieter hat kein Mietverhältnis." };
    if (endDate < tenancy.start_date) {
      return {
        kind: "invalid",
        message: "Das Ende darf nicht vor dem Beginn des Mietverhältnisses liegen.",
        field: "end_date",
      };
    }
    await trx.updateTable("tenancies").set({ end_date: endDate }).where("id", "=", tenancy.id).execute();
    // Charges of months after the end that nobody paid yet are removed, the end month's is prorated.
    await ensureRentCharges(trx, { tenancyId: tenancy.id, today });
    const accessUntil = addMonths(endDate, ACCESS_MONTHS_AFTER_TENANCY);
    await recordAudit(trx, actor, {
      action: "tenancy.end",
      entityType: "tenancy",
      entityId: tenancy.id,
      buildingId: tenancy.building_id,
      before: { end_date: tenancy.end_date },
      after: { end_date: endDate, access_until: accessUntil },
    });
    // The move-out reading (FAQ: readings are due at move-out): an on-demand campaign for this
    // tenant around the end date: from a week before (not before today) to a week after (at least
    // 14 days). Asked once, when the tenancy is ended; moving the end date later asks nobody twice.
    const later = (a: string, b: string) => (a > b ? a : b);
    const startsOn = later(addDays(endDate, -7), today);
    const periodEnd = later(addDays(endDate, 7), addDays(startsOn, 13));
    const campaignId =
      tenancy.end_date === null
        ? await requestTenantReading(trx, { tenantId, startsOn, endsOn: periodEnd, reason: "Auszug" }, actor, today)
        : undefined;
    return {
      kind: "ok",
      value: {
        tenancyId: tenancy.id,
        buildingId: tenancy.building_id,
        accessUntil,
        unit: tenancy.apartment_number,
        moveOutReading: campaignId ? { campaignId, startsOn, endsOn: periodEnd } : null,
        endMoved: tenancy.end_date !== null,
      },
    };
  });
}

const berlinDateTime = (iso: string) =>
  new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));

/** The German invitation mail: what the portal is, the link, how long it works. */
export function invitationMailText(
  mail: MailContext,
  tenant: { firstName: string; lastName: string },
  link: string,
  expiresAt: string,
): string {
  return [
    `Guten Tag ${tenant.firstName} ${tenant.lastName},`,
    "",
    `${mail.company} lädt Sie in das Mieter-Portal ein. Dort sehen Sie Ihre Mietzahlungen und Dokumente, melden Reparaturen, vereinbaren Termine und schreiben uns Nachrichten.`,
    "",
    "Bitte legen Sie über diesen Link Ihr Passwort fest:",
    link,
    "",
    `Der Link gilt bis ${berlinDateTime(expiresAt)} Uhr und nur einmal. Ist er abgelaufen, senden wir Ihnen gern einen neuen.`,
    "Danach melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.",
    "",
    "Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
    "",
    `Ihr Team von ${mail.company}`,
  ].join("\n");
}

export interface IssuedInvitation {
  token: string;
  link: string;
  expiresAt: string;
}

/**
 * A new invitation link by e-mail (older open ones stop working): the mail enters the outbox in
 * the same transaction. Refused for tenants who already have a password or have no address.
 * Letters: planLetterInvitation and recordLetterInvitations (the PDF is built in between).
 */
export async function issueInvitation(
  db: Db,
  actor: AuditActor,
  tenantId: string,
  channel: "email",
  mail: MailContext,
): Promise<OnboardingResult<IssuedInvitation>> {
  return withTransaction(db, async (trx) => {
    const tenant = await findTenantContact(trx, tenantId);
    if (!tenant) return { kind: "not_found" };
    if (tenant.hasPassword) {
      return { kind: "conflict", message: `${tenant.name} hat bereits ein Passwort und braucht keine Einladung.` };
    }
    if (!tenant.email) {
      return {
        kind: "conflict",
        message: `Für ${tenant.name} ist keine E-Mail-Adresse hinterlegt. Drucken Sie stattdessen den Einladungsbrief.`,
      };
    }
    // PostgreSQL: one invitation per tenant at a time, as for letters (decision 029).
    if (isPostgres(trx)) {
      await trx.selectFrom("tenants").select("id").where("id", "=", tenantId).forUpdate().execute();
    }
    const now = nowIso();
    await trx
      .updateTable("tenant_invitations")
      .set({ revoked_at: now })
      .where("tenant_id", "=", tenantId)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + TENANT_INVITATION_TTL_SECONDS * 1000).toISOString();
    await trx
      .insertInto("tenant_invitations")
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        token_hash: hashToken(token),
        channel,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
        revoked_at: null,
        created_by: actor.staffId,
      })
      .execute();
    const link = tenantInvitationLink(mail, token);
    await enqueueMail(trx, {
      recipientKind: "tenant",
      recipientId: tenantId,
      to: tenant.email,
      kind: INVITATION_MAIL_KIND,
      subject: `${mail.company}: Ihre Einladung in das Mieter-Portal`,
      body: invitationMailText(mail, tenant, link, expiresAt),
    });
    await recordAudit(trx, actor, {
      action: "tenant.invite_email",
      entityType: "tenant",
      entityId: tenantId,
      buildingId: tenant.buildingId,
      after: { channel, to: tenant.email, expires_at: expiresAt },
    });
    return { kind: "ok", value: { token, link, expiresAt } };
  });
}

/** The registration code's characters: no 0/O, no 1/I/L (decision 029). */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;

/** A new registration code as printed: two groups of four, e.g. "K7Q2-X9M4" (about 40 bits). */
function newRegistrationCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What the tenant typed, in the stored form (upper case, no dash or spaces); undefined if it cannot be a code. */
function normalizeRegistrationCode(typed: string): string | undefined {
  const plain = typed.toUpperCase().replace(/[\s-]/g, "");
  if (plain.length !== CODE_LENGTH || [...plain].some((c) => !CODE_ALPHABET.includes(c))) return undefined;
  return plain;
}

/**
 * Only an HMAC of the code is stored, keyed with the server's secret: 40 bits would be found
 * from a plain hash in a copy of the database within hours; with the key they cannot be tried.
 */
export function registrationCodeHash(key: Uint8Array, typed: string): string | undefined {
  const code = normalizeRegistrationCode(typed);
  return code === undefined ? undefined : createHmac("sha256", key).update(code).digest("hex");
}

/** How an invitation is presented: the link's token, or the hash of a typed registration code. */
export type InvitationCredential = { token: string } | { codeHash: string };

/** A letter ready to print: nothing is stored until recordLetterInvitations. */
export interface PlannedLetter {
  tenantId: string;
  buildingId: string | null;
  name: string;
  email: string | null;
  address: string | null;
  unit: string | null;
  token: string;
  link: string;
  code: string;
  codeHash: string;
  expiresAt: string;
}

/**
 * The link and code of a tenant's next letter, valid `days` days (issue 24 item 6). Nothing is
 * written: the caller builds the PDF first, then records the letters in one transaction, so a
 * failed print leaves the tenant's previous link valid and logs nothing (issue 24 item 15).
 */
export async function planLetterInvitation(
  db: Db,
  tenantId: string,
  options: { mail: Pick<MailContext, "publicUrl">; days: number; codeKey: Uint8Array },
): Promise<OnboardingResult<PlannedLetter>> {
  const tenant = await findTenantContact(db, tenantId);
  if (!tenant) return { kind: "not_found" };
  if (tenant.hasPassword) {
    return { kind: "conflict", message: `${tenant.name} hat bereits ein Passwort und braucht keine Einladung.` };
  }
  const place = await findTenantPlace(db, tenantId);
  const token = randomBytes(32).toString("base64url");
  const code = newRegistrationCode();
  return {
    kind: "ok",
    value: {
      tenantId,
      buildingId: tenant.buildingId,
      name: tenant.name,
      email: tenant.email,
      address: place?.address ?? null,
      unit: place?.unit ?? null,
      token,
      link: tenantInvitationLink(options.mail, token),
      code,
      codeHash: registrationCodeHash(options.codeKey, code)!,
      expiresAt: new Date(Date.now() + options.days * 86_400_000).toISOString(),
    },
  };
}

class LetterRefused extends Error {}

/**
 * Stores printed letters, all or none, once their PDF exists: each tenant's older open
 * invitations stop working, the new one (link and code) starts, and the letter is audited. A
 * tenant who set a password meanwhile refuses the whole batch (the PDF is thrown away).
 */
export async function recordLetterInvitations(
  db: Db,
  actor: AuditActor,
  letters: PlannedLetter[],
): Promise<OnboardingResult<undefined>> {
  try {
    return await withTransaction(db, async (trx) => {
      const now = nowIso();
      for (const letter of letters) {
        // PostgreSQL: one letter or mail per tenant at a time (a concurrent one waits, then replaces).
        const query = trx.selectFrom("tenants").select("password_hash").where("id", "=", letter.tenantId);
        const tenant = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
        if (!tenant) throw new LetterRefused(`${letter.name} gibt es nicht mehr.`);
        if (tenant.password_hash !== NO_PASSWORD) {
          throw new LetterRefused(`${letter.name} hat inzwischen ein Passwort und braucht keine Einladung.`);
        }
        await trx
          .updateTable("tenant_invitations")
          .set({ revoked_at: now })
          .where("tenant_id", "=", letter.tenantId)
          .where("used_at", "is", null)
          .where("revoked_at", "is", null)
          .execute();
        await trx
          .insertInto("tenant_invitations")
          .values({
            id: randomUUID(),
            tenant_id: letter.tenantId,
            token_hash: hashToken(letter.token),
            code_hash: letter.codeHash,
            channel: "letter",
            created_at: now,
            expires_at: letter.expiresAt,
            used_at: null,
            revoked_at: null,
            created_by: actor.staffId,
          })
          .execute();
        await recordAudit(trx, actor, {
          action: "tenant.invite_letter",
          entityType: "tenant",
          entityId: letter.tenantId,
          buildingId: letter.buildingId,
          after: { channel: "letter", to: null, expires_at: letter.expiresAt, letters: letters.length },
        });
      }
      return { kind: "ok" as const, value: undefined };
    });
  } catch (err) {
    if (err instanceof LetterRefused) return { kind: "conflict", message: err.message };
    throw err;
  }
}

/** The status the console shows, from the password and the latest invitation. */
export function invitationStatusOf(
  hasPassword: boolean,
  latest: { expires_at: string; used_at: string | null; revoked_at: string | null } | null,
  now = nowIso(),
): InvitationStatus {
  if (hasPassword) return "active";
  if (!latest) return "not_invited";
  return latest.used_at === null && latest.revoked_at === null && latest.expires_at > now ? "invited" : "expired";
}

export async function findInvitationState(db: Db, tenantId: string): Promise<TenantInvitationState | undefined> {
  const tenant = await db.selectFrom("tenants").select("password_hash").where("id", "=", tenantId).executeTakeFirst();
  if (!tenant) return undefined;
  const latest = await db
    .selectFrom("tenant_invitations")
    .select(["channel", "created_at", "expires_at", "used_at", "revoked_at"])
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return {
    status: invitationStatusOf(tenant.password_hash !== NO_PASSWORD, latest ?? null),
    channel: latest ? (latest.channel as "email" | "letter") : null,
    sent_at: latest?.created_at ?? null,
    expires_at: latest?.expires_at ?? null,
  };
}

/** An open invitation by its token or code: the tenant it belongs to, or undefined when unknown, used, replaced or expired. */
export async function findOpenInvitation(db: Db, credential: InvitationCredential) {
  const query = db
    .selectFrom("tenant_invitations")
    .innerJoin("tenants", "tenants.id", "tenant_invitations.tenant_id")
    .select([
      "tenant_invitations.id",
      "tenant_invitations.expires_at",
      "tenant_invitations.used_at",
      "tenant_invitations.revoked_at",
      "tenants.id as tenant_id",
      "tenants.first_name",
      "tenants.last_name",
      "tenants.email",
      "tenants.password_hash",
    ])
    .orderBy("tenant_invitations.created_at", "desc");
  const row = await ("token" in credential
    ? query.where("tenant_invitations.token_hash", "=", hashToken(credential.token))
    : query.where("tenant_invitations.code_hash", "=", credential.codeHash)
  ).executeTakeFirst();
  if (!row || row.used_at || row.revoked_at || row.expires_at <= nowIso() || row.password_hash !== NO_PASSWORD) {
    return undefined;
  }
  return {
    invitationId: row.id,
    tenantId: row.tenant_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email === "" ? null : row.email,
    expiresAt: row.expires_at,
  };
}

/**
 * Uses the invitation: sets the first password (and the e-mail address when the management had
 * none) and raises the session version. Returns the tenant and the version for their first token.
 */
export async function acceptInvitation(
  db: Db,
  credential: InvitationCredential,
  input: { email?: string; passwordHash: string },
): Promise<OnboardingResult<{ tenantId: string; sessionVersion: number }>> {
  return withTransaction(db, async (trx) => {
    const open = await findOpenInvitation(trx, credential);
    if (!open) return { kind: "not_found" };
    const set: { email?: string; email_normalized?: string; search_text?: string } = {};
    if (!open.email) {
      if (!input.email) {
        return { kind: "invalid", message: "Bitte geben Sie Ihre E-Mail-Adresse an.", field: "email" };
      }
      if (await emailTaken(trx, input.email, open.tenantId)) {
        return { kind: "invalid", message: "Diese E-Mail-Adresse wird bereits verwendet.", field: "email" };
      }
      set.email = input.email;
      set.email_normalized = normalizeEmail(input.email);
      set.search_text = tenantSearchText({ firstName: open.firstName, lastName: open.lastName, email: input.email });
    }
    const now = nowIso();
    const used = await trx
      .updateTable("tenant_invitations")
      .set({ used_at: now })
      .where("id", "=", open.invitationId)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return { kind: "not_found" };
    const changedAt = wholeSecondNow();
    const row = await trx
      .updateTable("tenants")
      .set((eb) => ({
        ...set,
        password_hash: input.passwordHash,
        password_changed_at: changedAt,
        session_version: eb("session_version", "+", 1),
      }))
      .where("id", "=", open.tenantId)
      .where("password_hash", "=", NO_PASSWORD)
      .returning("session_version")
      .executeTakeFirst();
    if (!row) return { kind: "not_found" };
    await trx
      .updateTable("tenant_invitations")
      .set({ revoked_at: now })
      .where("tenant_id", "=", open.tenantId)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    return { kind: "ok", value: { tenantId: open.tenantId, sessionVersion: Number(row.session_version) } };
  });
}

/** Whether the tenant may use the portal now (a tenancy running, or ended less than 3 months ago). */
export async function tenantHasPortalAccess(db: Db, tenantId: string): Promise<boolean> {
  const row = await db
    .selectFrom("tenancies")
    .select((eb) => eb.fn.max(eb.fn.coalesce("end_date", sql.lit(OPEN_END))).as("end"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  return hasPortalAccess(row?.end ?? null);
}
