import type { ImportLine } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { StatementLine } from "../../lib/bank-statement.js";
import { centsToEuros } from "../../lib/time.js";
import { bookedRowsFor, findDuplicates } from "./bank-duplicates.js";
import type { StaffScope } from "./bank-import.js";
import { periodOf, referencesIn } from "./rent-ledger.js";
import { directDebitsOf, returnMatch } from "./sepa-returns-matching.js";

/**
 * Matching a statement's lines to tenancies in the order bank-import.ts describes (reference, known
 * IBAN, last four digits and amount), and the reasons a line waits. Split from bank-import.ts
 * (decision 037).
 */

const CHUNK = 400;

export const euro = (cents: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(centsToEuros(cents));

export async function inChunks<T, R>(values: T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await run(values.slice(i, i + CHUNK))));
  return out;
}

export interface Candidate {
  tenancyId: string;
  tenantName: string;
  buildingId: string | null;
  rentCents: number;
}

export interface Matched {
  line: StatementLine;
  status: ImportLine["status"];
  reason: string;
  /** match: the account booked to; other_building: the account suggested. */
  tenancy: Candidate | null;
  /** A returned direct debit of one of the portal's runs (issue 28): reopens its charge, never money received. */
  sepaReturn?: SepaReturnMatch;
  /** A collection of one of the portal's runs: its money pays that charge first (issue 28). */
  collectedChargeId?: string;
}

export interface SepaReturnMatch {
  itemId: string;
  runId: string;
  chargeId: string;
  tenancyId: string;
  description: string;
  amountCents: number;
  feeCents: number;
  reasonCode: string | null;
}

/** What a booked line is recognised by in another layout of the same account. */
export interface BookedRow {
  id: string;
  bank_ref: string | null;
  bank_reference: string | null;
  end_to_end_id: string | null;
  booked_on: string;
  value_on: string | null;
  amount_cents: number;
  payer_iban: string | null;
  remittance: string | null;
  account_iban: string | null;
}

/** Remittance as layouts agree on it: upper case, letters and digits only (no accents), 140 at most. */
export function remittanceKey(text: string | null): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 140);
}

export const sameRemittance = (a: string, b: string) => {
  if (a === "" || b === "") return false;
  if (a === b) return true;
  // One layout cut the text shorter (MT940's 27-character lines, 140 characters in total).
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 20 && long.startsWith(short);
};

export const dayMs = 86400000;

export const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);

/** The next bank day after `day` (Monday to Friday; holidays are not known here). */
function nextBankDay(day: string): string {
  let d = shiftDay(day, 1);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = shiftDay(d, 1);
  return d;
}

export const withinBankDay = (a: string, b: string) => a === b || nextBankDay(a) === b || nextBankDay(b) === a;

export const daysOf = (bookedOn: string, valueOn: string | null) =>
  valueOn && valueOn !== bookedOn ? [bookedOn, valueOn] : [bookedOn];

/** Both accounts known and different: never the same booking. */
export const sameAccount = (a: string | null, b: string | null) => !a || !b || a === b;

export async function candidates(db: Db, where: { ids?: string[]; last4?: string[] }): Promise<Candidate[]> {
  const key = where.ids ? where.ids : (where.last4 ?? []);
  if (key.length === 0) return [];
  const rows = await inChunks(key, (chunk) =>
    db
      .selectFrom("tenancies as t")
      .innerJoin("tenants as p", "p.id", "t.tenant_id")
      .select([
        "t.id",
        "t.building_id",
        "t.iban_last4",
        "t.base_rent_cents",
        "t.utilities_cents",
        "p.first_name",
        "p.last_name",
      ])
      .where(where.ids ? "t.id" : "t.iban_last4", "in", chunk)
      .execute(),
  );
  return rows.map((r) => ({
    tenancyId: r.id,
    tenantName: `${r.first_name} ${r.last_name}`,
    buildingId: r.building_id,
    rentCents: r.base_rent_cents + r.utilities_cents,
    last4: r.iban_last4,
  }));
}

export const BATCH_REASON = (n: number) => `Sammelbuchung mit ${n} Zahlungen ohne Einzelbeträge – bitte aufteilen.`;

export const PENDING_REASON =
  "vorgemerkt, wird nicht gebucht (die Bank hat den Umsatz noch nicht gebucht; er kommt mit einem späteren Auszug).";

export const OTHER_BUILDING_REASON = "gehört zu einem anderen Gebäude – wartet auf jemanden, der es betreut.";

/** Matches the lines without writing anything. */
export async function matchStatement(
  db: Db,
  lines: StatementLine[],
  scope: StaffScope,
  options: { bookAnyway?: number[] } = {},
): Promise<Matched[]> {
  const bookable = (l: StatementLine) => !l.pending && !l.refusal && l.amountCents > 0;
  const credits = lines.filter(bookable);
  const duplicates = findDuplicates(credits, await bookedRowsFor(db, credits), new Set(options.bookAnyway ?? []));
  const visible = (b: string | null) => scope.allBuildings || (b !== null && scope.buildingIds.includes(b));

  const refs = [...new Set(credits.flatMap((l) => referencesIn(l.remittance)))];
  const byRef = new Map(
    (
      await inChunks(refs, (chunk) =>
        db.selectFrom("rent_accounts").select(["reference", "tenancy_id"]).where("reference", "in", chunk).execute(),
      )
    ).map((r) => [r.reference, r.tenancy_id]),
  );
  const ibans = [...new Set(credits.map((l) => l.payerIban).filter((i): i is string => Boolean(i)))];
  const byIban = new Map<string, Set<string>>();
  for (const r of await inChunks(ibans, (chunk) =>
    db
      .selectFrom("bank_transactions")
      .select(["payer_iban", "tenancy_id"])
      .distinct()
      .where("payer_iban", "in", chunk)
      .where("tenancy_id", "is not", null)
      .execute(),
  )) {
    byIban.set(r.payer_iban!, (byIban.get(r.payer_iban!) ?? new Set()).add(r.tenancy_id!));
  }
  const last4s = [...new Set(ibans.map((i) => i.slice(-4)))];
  const byLast4 = new Map<string, Candidate[]>();
  for (const c of await candidates(db, { last4: last4s })) {
    const k = (c as Candidate & { last4: string | null }).last4!;
    byLast4.set(k, [...(byLast4.get(k) ?? []), c]);
  }
  const known = new Map<string, Candidate>();
  const ids = [...new Set([...byRef.values(), ...[...byIban.values()].flatMap((s) => [...s])])];
  for (const c of await candidates(db, { ids })) known.set(c.tenancyId, c);
  for (const list of byLast4.values()) for (const c of list) known.set(c.tenancyId, c);

  // What each tenancy owes up to a month: open charges by period, for the amount remarks.
  const owedRows = await inChunks([...known.keys()], (chunk) =>
    db
      .selectFrom("payments")
      .select(["tenancy_id", "due_date", "period", sql<number>`amount_cents - paid_cents`.as("open")])
      .where("tenancy_id", "in", chunk)
      .where(sql<boolean>`status in ('pending', 'overdue')`)
      .execute(),
  );
  const owed = new Map<string, { period: string; open: number }[]>();
  for (const r of owedRows) {
    owed.set(r.tenancy_id, [
      ...(owed.get(r.tenancy_id) ?? []),
      { period: r.period ?? periodOf(r.due_date), open: Number(r.open) },
    ]);
  }
  const taken = new Map<string, number>();
  const owedBy = (tenancyId: string, bookedOn: string) => {
    const total = (owed.get(tenancyId) ?? [])
      .filter((o) => o.period <= periodOf(bookedOn))
      .reduce((s, o) => s + o.open, 0);
    return Math.max(0, total - (taken.get(tenancyId) ?? 0));
  };
  const amountNote = (tenancyId: string, line: StatementLine) => {
    const due = owedBy(tenancyId, line.bookedOn);
    taken.set(tenancyId, (taken.get(tenancyId) ?? 0) + line.amountCents);
    if (due === 0) return `Keine fällige Miete offen: ${euro(line.amountCents)} als Guthaben.`;
    if (line.amountCents === due) return `Betrag deckt die fällige Miete (${euro(due)}).`;
    if (line.amountCents < due) return `Teilzahlung: ${euro(line.amountCents)} von ${euro(due)} fällig.`;
    return `Überzahlung: ${euro(due)} fällig, ${euro(line.amountCents - due)} als Guthaben.`;
  };
  /** A match in scope is booked; out of scope it waits, suggested, unnamed. */
  const matched = (line: StatementLine, t: Candidate, why: string): Matched =>
    visible(t.buildingId)
      ? { line, status: "match", reason: `${why} ${amountNote(t.tenancyId, line)}`, tenancy: t }
      : { line, status: "other_building", reason: OTHER_BUILDING_REASON, tenancy: t };
  const bookAnyway = new Set(options.bookAnyway ?? []);
  const debits = await directDebitsOf(db, lines);

  return lines.map((line): Matched => {
    if (line.pending) return { line, status: "pending", reason: PENDING_REASON, tenancy: null };
    if (line.refusal) return { line, status: "refused", reason: line.refusal, tenancy: null };
    if (line.directDebitReturn) return returnMatch(line, debits, visible);
    if (line.amountCents <= 0) {
      return { line, status: "ignored", reason: "Abbuchung oder Nullbetrag – keine Mietzahlung.", tenancy: null };
    }
    const duplicate = duplicates.get(line);
    if (duplicate) return { line, ...duplicate, tenancy: null };
    if (line.batchCount) {
      return { line, status: "unmatched", reason: BATCH_REASON(line.batchCount), tenancy: null };
    }
    const checked = bookAnyway.has(line.line) ? "Trotzdem gebucht (mögliche Doppelbuchung geprüft). " : "";
    const collected = line.endToEndId ? debits.byEndToEnd.get(line.endToEndId) : undefined;
    // The return of this debit came in an earlier import: the money went back with it (net 0 €).
    if (collected?.state === "returned") {
      return {
        line,
        status: "ignored",
        reason: `Lastschrift bereits zurückgegeben (${collected.description}, ${collected.end_to_end_id}): Der Betrag ging mit der Rücklastschrift zurück – keine Mietzahlung.`,
        tenancy: null,
      };
    }
    if (collected && collected.amount_cents === line.amountCents) {
      const t = known.get(collected.tenancy_id) ?? debits.tenancies.get(collected.tenancy_id)!;
      if (!visible(t.buildingId)) return { line, status: "other_building", reason: OTHER_BUILDING_REASON, tenancy: t };
      // The money pays the charge it was collected for, whatever else is open: no due-amount note.
      taken.set(t.tenancyId, (taken.get(t.tenancyId) ?? 0) + line.amountCents);
      return {
        line,
        status: "match",
        reason: `${checked}Lastschrift eingezogen (${collected.description}, ${collected.end_to_end_id}): ${euro(line.amountCents)} für genau diese Forderung.`,
        tenancy: t,
        collectedChargeId: collected.charge_id,
      };
    }
    const tried: string[] = [];
    const lineRefs = referencesIn(line.remittance);
    const refHits = [...new Set(lineRefs.map((r) => byRef.get(r)).filter((t): t is string => Boolean(t)))];
    if (refHits.length === 1) {
      const t = known.get(refHits[0]!)!;
      const ref = lineRefs.find((r) => byRef.get(r) === t.tenancyId);
      return matched(line, t, `${checked}Zahlungsreferenz ${ref} im Verwendungszweck.`);
    }
    if (refHits.length > 1) tried.push("Verwendungszweck nennt mehrere Zahlungsreferenzen");
    else if (lineRefs.length > 0) tried.push(`Zahlungsreferenz ${lineRefs.join(", ")} ist unbekannt`);
    else tried.push("keine Zahlungsreferenz im Verwendungszweck");

    if (line.payerIban) {
      const ibanHits = [...(byIban.get(line.payerIban) ?? [])];
      if (ibanHits.length === 1) {
        return matched(
          line,
          known.get(ibanHits[0]!)!,
          `${checked}IBAN aus früheren Zahlungen dieses Mietkontos bekannt.`,
        );
      }
      if (ibanHits.length > 1) tried.push("IBAN gehört zu mehreren Mietkonten");
      const sameEnd = (byLast4.get(line.payerIban.slice(-4)) ?? []).filter(
        (c) => c.rentCents === line.amountCents || owedBy(c.tenancyId, line.bookedOn) === line.amountCents,
      );
      if (ibanHits.length === 0 && sameEnd.length === 1) {
        return matched(
          line,
          sameEnd[0]!,
          `${checked}IBAN endet auf ${line.payerIban.slice(-4)} wie beim Mietverhältnis hinterlegt, und der Betrag passt.`,
        );
      }
      if (ibanHits.length === 0) {
        tried.push(
          sameEnd.length > 1
            ? `IBAN-Endung ${line.payerIban.slice(-4)} und Betrag passen zu mehreren Mietkonten`
            : "IBAN unbekannt oder Betrag passt nicht",
        );
      }
    } else {
      tried.push("keine IBAN");
    }
    return { line, status: "unmatched", reason: `${checked}Nicht zugeordnet: ${tried.join("; ")}.`, tenancy: null };
  });
}
