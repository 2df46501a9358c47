import { type GiroCode, maskIban, type TenantDirectDebitResponse } from "@mieter-portal/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { giroCodePayload, giroCodeSvg } from "../../lib/girocode.js";
import { centsToEuros } from "../../lib/time.js";
import { createThread } from "../messages/messages.js";
import type { MailContext } from "../notifications/notify.js";
import { currentTenancyOf } from "../tenants/current-tenancy.js";
import { findCreditorSettings } from "./creditor.js";
import { changeRequestMessage, HOW_TO_CHANGE } from "./mails.js";
import { mandateState } from "./mandates.js";

/** The tenant's side of the direct debit (issue 28): their mandate masked, the account change, the GiroCode. */

async function currentMandate(db: Db, tenantId: string) {
  const tenancy = await currentTenancyOf(db, tenantId).select("id").executeTakeFirst();
  if (!tenancy) return { tenancyId: null, mandate: undefined };
  const mandate = await db
    .selectFrom("sepa_mandates")
    .selectAll()
    .where("tenancy_id", "=", tenancy.id)
    .orderBy(sql`case when revoked_at is null then 0 else 1 end`)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return { tenancyId: tenancy.id, mandate };
}

const CHANGE_SUBJECT = changeRequestMessage(undefined, null).subject;

export async function tenantDirectDebit(db: Db, tenantId: string): Promise<TenantDirectDebitResponse> {
  const [{ mandate }, creditor, open] = await Promise.all([
    currentMandate(db, tenantId),
    findCreditorSettings(db),
    db
      .selectFrom("message_threads")
      .select("created_at")
      .where("tenant_id", "=", tenantId)
      .where("subject", "=", CHANGE_SUBJECT)
      .where("awaiting_reply_since", "is not", null)
      .orderBy("created_at", "desc")
      .executeTakeFirst(),
  ]);
  return {
    mandate:
      mandate && creditor
        ? {
            reference: mandate.reference,
            state: mandateState(mandate),
            signed_on: mandate.signed_on,
            debtor_name: mandate.debtor_name,
            iban_masked: maskIban(mandate.iban),
            creditor_name: creditor.name,
            creditor_id: creditor.creditorId,
          }
        : null,
    change_requested_at: open?.created_at ?? null,
    how_to_change: HOW_TO_CHANGE,
  };
}

/** The request to change the account: a conversation with the management, which is in the Eingang. */
export async function requestAccountChange(
  db: Db,
  actor: { tenantId: string; name: string },
  note: string | undefined,
  mail: MailContext,
): Promise<string> {
  const { mandate } = await currentMandate(db, actor.tenantId);
  const thread = await createThread(db, actor, changeRequestMessage(note, mandate?.reference ?? null), mail);
  return thread.id;
}

/**
 * The GiroCode for one of the tenant's charges not paid in full: the open amount to the collecting
 * account (else the brand's account), the payment reference as remittance. "not_found" for another's
 * or a paid charge, "no_account" when there is no account to pay to, the collection date when a
 * direct debit of it is at the bank.
 */
export async function giroCodeFor(
  db: Db,
  tenantId: string,
  chargeId: string,
  brandAccount: { recipient: string; iban: string; bic?: string | undefined } | undefined,
): Promise<GiroCode | "not_found" | "no_account" | { collectedOn: string }> {
  const charge = await db
    .selectFrom("payments as c")
    .leftJoin("rent_accounts as a", "a.tenancy_id", "c.tenancy_id")
    .select(["c.id", "c.amount_cents", "c.paid_cents", "c.description", "a.reference"])
    .where("c.id", "=", chargeId)
    .where("c.tenant_id", "=", tenantId)
    .where(sql<boolean>`c.status in ('pending', 'overdue')`)
    .executeTakeFirst();
  if (!charge || charge.amount_cents <= charge.paid_cents) return "not_found";
  // A debit of this charge at the bank collects it: a transfer on top would pay it twice.
  const debit = await db
    .selectFrom("sepa_run_items as i")
    .innerJoin("sepa_runs as r", "r.id", "i.run_id")
    .select("r.collection_date")
    .where("i.charge_id", "=", chargeId)
    .where("i.state", "=", "submitted")
    .executeTakeFirst();
  if (debit) return { collectedOn: debit.collection_date };
  const creditor = await findCreditorSettings(db);
  const payTo = creditor
    ? { recipient: creditor.name, iban: creditor.iban, bic: creditor.bic }
    : brandAccount
      ? { recipient: brandAccount.recipient, iban: brandAccount.iban, bic: brandAccount.bic ?? null }
      : null;
  if (!payTo) return "no_account";
  const amountCents = charge.amount_cents - charge.paid_cents;
  const reference = charge.reference ? `${charge.reference} ${charge.description}` : charge.description;
  const payload = giroCodePayload({ ...payTo, amountCents, remittance: reference });
  return {
    charge_id: charge.id,
    payload,
    amount: centsToEuros(amountCents),
    recipient: payTo.recipient,
    iban: payTo.iban,
    bic: payTo.bic,
    reference,
    svg: await giroCodeSvg(payload),
  };
}
