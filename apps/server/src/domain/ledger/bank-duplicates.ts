import type { Db } from "../../db/connection.js";
import type { StatementLine } from "../../lib/bank-statement.js";
import { germanDateOf } from "../../lib/time.js";
import {
  type BookedRow,
  dayMs,
  daysOf,
  inChunks,
  remittanceKey,
  sameAccount,
  sameRemittance,
  shiftDay,
  withinBankDay,
} from "./bank-matching.js";

/**
 * Booked exactly once (docs/decisions/027-statement-lines-booked-once.md): which of a statement's
 * lines repeat a line booked before, or may. Split from bank-import.ts (decision 037).
 */

/** The booked lines a statement's lines may repeat: same key, bank reference, end-to-end id, or amount near the day. */
export async function bookedRowsFor(db: Db, credits: StatementLine[]): Promise<BookedRow[]> {
  if (credits.length === 0) return [];
  const columns = [
    "id",
    "bank_ref",
    "bank_reference",
    "end_to_end_id",
    "booked_on",
    "value_on",
    "amount_cents",
    "payer_iban",
    "remittance",
    "account_iban",
  ] as const;
  const base = () =>
    db
      .selectFrom("bank_transactions")
      .select(columns)
      .where("parent_id", "is", null)
      .where("source", "in", ["csv", "camt"]);
  const days = credits.flatMap((l) => daysOf(l.bookedOn, l.valueOn));
  const from = shiftDay(
    days.reduce((a, b) => (a < b ? a : b)),
    -4,
  );
  const to = shiftDay(
    days.reduce((a, b) => (a > b ? a : b)),
    4,
  );
  const amounts = [...new Set(credits.map((l) => l.amountCents))];
  const keys = credits.map((l) => l.dedupeKey);
  const refs = [...new Set(credits.map((l) => l.bankRef).filter((r): r is string => Boolean(r)))];
  const e2e = [...new Set(credits.map((l) => l.endToEndId).filter((r): r is string => Boolean(r)))];
  const rows = [
    ...(await inChunks(amounts, (chunk) =>
      base().where("amount_cents", "in", chunk).where("booked_on", ">=", from).where("booked_on", "<=", to).execute(),
    )),
    ...(await inChunks(keys, (chunk) => base().where("bank_ref", "in", chunk).execute())),
    ...(await inChunks(refs, (chunk) => base().where("bank_reference", "in", chunk).execute())),
    ...(await inChunks(e2e, (chunk) => base().where("end_to_end_id", "in", chunk).execute())),
  ];
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

interface DuplicateCheck {
  status: "duplicate" | "possible_duplicate";
  reason: string;
}

/**
 * Recognises lines booked before, each booked row standing for one line only (two equal transfers
 * against one booked: one duplicate, one new). Certain first for every line, then the possible ones.
 */
export function findDuplicates(
  lines: StatementLine[],
  booked: BookedRow[],
  bookAnyway: Set<number>,
): Map<StatementLine, DuplicateCheck> {
  const out = new Map<StatementLine, DuplicateCheck>();
  const claimed = new Set<string>();
  const byKey = new Map(booked.filter((r) => r.bank_ref).map((r) => [r.bank_ref!, r]));
  const byAmount = new Map<number, BookedRow[]>();
  for (const r of booked) byAmount.set(r.amount_cents, [...(byAmount.get(r.amount_cents) ?? []), r]);
  const seenKeys = new Set<string>();
  const open: StatementLine[] = [];
  for (const line of lines) {
    const same = byKey.get(line.dedupeKey);
    if (seenKeys.has(line.dedupeKey) || (same && !claimed.has(same.id))) {
      if (same) claimed.add(same.id);
      out.set(line, { status: "duplicate", reason: "Bereits gebucht (gleiche Buchung in einem früheren Import)." });
    } else {
      open.push(line);
    }
    seenKeys.add(line.dedupeKey);
  }
  /**
   * Both read from the same kind of file (csv, camt) with the bank's references, and those differ:
   * two bookings (references of different kinds of file may be of different systems).
   */
  const otherReference = (line: StatementLine, r: BookedRow) =>
    Boolean(line.bankRef && r.bank_reference && line.bankRef !== r.bank_reference) &&
    r.bank_ref?.split(":")[0] === line.dedupeKey.split(":")[0];
  const certain = (line: StatementLine, r: BookedRow): string | null => {
    if (!sameAccount(line.accountIban, r.account_iban)) return null;
    if (line.bankRef && r.bank_reference === line.bankRef) return "gleiche Bankreferenz";
    if (otherReference(line, r)) return null;
    const lineDays = daysOf(line.bookedOn, line.valueOn);
    const rowDays = daysOf(r.booked_on, r.value_on);
    if (
      line.endToEndId &&
      r.end_to_end_id === line.endToEndId &&
      lineDays.some((a) => rowDays.some((b) => Math.abs(Date.parse(a) - Date.parse(b)) <= 7 * dayMs))
    ) {
      return "gleiche Ende-zu-Ende-Referenz";
    }
    if (
      line.payerIban &&
      r.payer_iban === line.payerIban &&
      sameRemittance(remittanceKey(line.remittance), remittanceKey(r.remittance)) &&
      (rowDays.includes(line.bookedOn) || (line.valueOn !== null && r.booked_on === line.valueOn))
    ) {
      return "gleicher Betrag, gleiche IBAN und gleicher Verwendungszweck am selben Tag";
    }
    return null;
  };
  // Same payer IBAN, or one side without (then any remittance); neither with one: same remittance.
  const samePayer = (line: StatementLine, r: BookedRow): boolean =>
    line.payerIban && r.payer_iban
      ? line.payerIban === r.payer_iban
      : Boolean(line.payerIban || r.payer_iban) ||
        sameRemittance(remittanceKey(line.remittance), remittanceKey(r.remittance));
  const maybe = (line: StatementLine, r: BookedRow): boolean =>
    sameAccount(line.accountIban, r.account_iban) &&
    !otherReference(line, r) &&
    samePayer(line, r) &&
    daysOf(line.bookedOn, line.valueOn).some((a) => daysOf(r.booked_on, r.value_on).some((b) => withinBankDay(a, b)));
  const rest: StatementLine[] = [];
  for (const line of open) {
    let found: string | null = null;
    for (const r of byAmount.get(line.amountCents) ?? []) {
      if (claimed.has(r.id)) continue;
      found = certain(line, r);
      if (found) {
        claimed.add(r.id);
        break;
      }
    }
    if (found) out.set(line, { status: "duplicate", reason: `Bereits gebucht (${found}, aus einem früheren Import).` });
    else rest.push(line);
  }
  for (const line of rest) {
    if (bookAnyway.has(line.line)) continue;
    const r = (byAmount.get(line.amountCents) ?? []).find((row) => !claimed.has(row.id) && maybe(line, row));
    if (!r) continue;
    claimed.add(r.id);
    out.set(line, {
      status: "possible_duplicate",
      reason: `Möglicherweise bereits gebucht: eine Buchung über denselben Betrag${r.payer_iban ? " von derselben IBAN" : ""} am ${germanDateOf(r.booked_on)}, Verwendungszweck ${r.remittance ? "abweichend" : "fehlt"}. Wird nur gebucht, wenn Sie „Trotzdem buchen“ wählen.`,
    });
  }
  return out;
}
