import { addDays, DEFAULT_BRAND } from "@mieter-portal/contracts";
import { findCreditorSettings, saveCreditorSettings } from "../../domain/sepa/creditor.js";
import { createMandate } from "../../domain/sepa/mandates.js";
import { berlinToday } from "../../lib/time.js";
import type { Db } from "../connection.js";

/**
 * Issue 28: rent by direct debit ready to try at `npm start` — the company's creditor settings (the
 * Bundesbank's example Gläubiger-ID, the brand's account) and a signed mandate for every tenancy of
 * the demo building that pays by direct debit, all through domain/sepa. Only what is missing.
 */

const DEMO_ADDRESS = "Lindenstraße 5, 10969 Berlin";
/** DE98ZZZ09999999999: the example creditor id of the Deutsche Bundesbank (valid check digits). */
const DEMO_CREDITOR_ID = "DE98ZZZ09999999999";
const SEED_ACTOR = { staffId: null, name: "Demo-Daten", ip: null };

/** A German IBAN of the Berliner Sparkasse (BLZ 10050000) with this account number: check digits computed. */
export function demoIban(account: string): string {
  const bban = `10050000${account.padStart(10, "0")}`;
  const digits = `${bban}131400`; // "DE" = 13 14, check digits 00
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `DE${String(98 - rest).padStart(2, "0")}${bban}`;
}

export async function seedDemoSepaIfMissing(db: Db): Promise<void> {
  if (!(await findCreditorSettings(db))) {
    const account = DEFAULT_BRAND.bankAccount!;
    await saveCreditorSettings(
      db,
      {
        creditorId: DEMO_CREDITOR_ID,
        name: account.recipient,
        iban: account.iban,
        bic: account.bic ?? null,
        leadDays: 2,
        prenoticeDays: 5,
      },
      SEED_ACTOR,
    );
  }
  const today = berlinToday();
  const tenancies = await db
    .selectFrom("tenancies as t")
    .innerJoin("tenants as p", "p.id", "t.tenant_id")
    .select(["t.id", "t.start_date", "t.iban_last4", "p.first_name", "p.last_name"])
    .where("t.address", "=", DEMO_ADDRESS)
    .where("t.payment_method", "=", "sepa_direct_debit")
    .where((eb) => eb.or([eb("t.end_date", "is", null), eb("t.end_date", ">=", today)]))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("sepa_mandates as m").select("m.id").whereRef("m.tenancy_id", "=", "t.id"))),
    )
    .orderBy("t.start_date")
    .execute();
  for (const [i, t] of tenancies.entries()) {
    // Signed when the management moved the collection into the portal (a mandate unused for 36 months
    // would have expired), never before the tenancy began.
    const lastMonth = addDays(today, -30);
    const signedOn = t.start_date > lastMonth && t.start_date <= today ? t.start_date : lastMonth;
    // The account ends as the tenancy's stored last four digits (the ledger's matching knows them).
    const account = `${String(720_000 + i * 1_313).slice(0, 6)}${t.iban_last4 ?? String(1000 + i)}`;
    const made = await createMandate(
      db,
      { tenancyId: t.id, signedOn, debtorName: `${t.first_name} ${t.last_name}`.trim(), iban: demoIban(account) },
      SEED_ACTOR,
      today,
    );
    if ("error" in made) throw new Error(`Demo-Mandat nicht angelegt: ${JSON.stringify(made)}`);
  }
}
