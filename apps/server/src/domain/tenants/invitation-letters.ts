import { createHmac, randomBytes, randomInt, randomUUID } from "node:crypto";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import type { MailContext } from "../notifications/notify.js";
import { findTenantContact, findTenantPlace } from "./tenant-contact.js";
import { hashToken, NO_PASSWORD, type OnboardingResult, tenantInvitationLink } from "./tenant-onboarding.js";

/**
 * Invitation letters (decision 029): the printed registration code, planned and recorded for many
 * tenants at once. Split from tenant-onboarding.ts (decision 037).
 */

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
      expiresAt: new Date(Date.now() + options.days * 86400000).toISOString(),
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
