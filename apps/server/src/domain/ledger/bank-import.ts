import { randomUUID } from "node:crypto";
import type { ImportLine, ImportPreview, ImportResult, ImportTotals } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import type { CsvMapping, StatementFormat, StatementLine } from "../../lib/bank-statement.js";
import { centsToEuros, germanDateOf, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { periodOf, referencesIn, settleTenancies } from "./rent-ledger.js";

/**
 * Matching a bank statement's lines to tenancies (docs/decisions/020-rent-ledger.md), in this order:
 * 1. the tenancy's payment reference in the Verwendungszweck;
 * 2. the payer's IBAN, known from earlier payments of exactly one tenancy;
 * 3. the IBAN's last four digits as stored with the tenancy, and the amount equal to its rent or
 *    to what it owes (the last four digits alone are too weak).
 * Whatever matches is booked with its reason; partial payments and overpayments are booked as
 * they are. The rest waits in the unmatched list; outgoing money is ignored.
 * Booked exactly once (docs/decisions/027-statement-lines-booked-once.md): pending lines and lines
 * the parser refused are shown, never booked; a line booked before — by the same file (same key)
 * or by another layout of the same account (same bank reference or end-to-end id; or same amount,
 * payer IBAN and remittance on the other's booking or value day) — is a duplicate; a line that may
 * be one (same amount and IBAN within a bank day, remittance differs) is booked only on request.
 * A batch entry without single amounts waits for a person to split it. A line whose account lies
 * in a building the importing person does not look after is not booked and not shown: it waits
 * with the account suggested, for someone who does.
 */

export interface StaffScope {
  allBuildings: boolean;
  buildingIds: string[];
}

const CHUNK = 400;
const euro = (cents: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(centsToEuros(cents));

async function inChunks<T, R>(values: T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await run(values.slice(i, i + CHUNK))));
  return out;
}

interface Candidate {
  tenancyId: string;
  tenantName: string;
  buildingId: string | null;
  rentCents: number;
}

interface Matched {
  line: StatementLine;
  status: ImportLine["status"];
  reason: string;
  /** match: the account booked to; other_building: the account suggested. */
  tenancy: Candidate | null;
}

/** What a booked line is recognised by in another layout of the same account. */
interface BookedRow {
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

const sameRemittance = (a: string, b: string) => {
  if (a === "" || b === "") return false;
  if (a === b) return true;
  // One layout cut the text shorter (MT940's 27-character lines, 140 characters in total).
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 20 && long.startsWith(short);
};

const dayMs = 86_400_000;
const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);
/** The next bank day after `day` (Monday to Friday; holidays are not known here). */
function nextBankDay(day: string): string {
  let d = shiftDay(day, 1);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = shiftDay(d, 1);
  return d;
}
const withinBankDay = (a: string, b: string) => a === b || nextBankDay(a) === b || nextBankDay(b) === a;

const daysOf = (bookedOn: string, valueOn: string | null) =>
  valueOn && valueOn !== bookedOn ? [bookedOn, valueOn] : [bookedOn];

/** Both accounts known and different: never the same booking. */
const sameAccount = (a: string | null, b: string | null) => !a || !b || a === b;

async function candidates(db: Db, where: { ids?: string[]; last4?: string[] }): Promise<Candidate[]> {
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

const BATCH_REASON = (n: number) => `Sammelbuchung mit ${n} Zahlungen ohne Einzelbeträge – bitte aufteilen.`;
export const PENDING_REASON =
  "vorgemerkt, wird nicht gebucht (die Bank hat den Umsatz noch nicht gebucht; er kommt mit einem späteren Auszug).";
export const OTHER_BUILDING_REASON = "gehört zu einem anderen Gebäude – wartet auf jemanden, der es betreut.";

/** The booked lines a statement's lines may repeat: same key, bank reference, end-to-end id, or amount near the day. */
async function bookedRowsFor(db: Db, credits: StatementLine[]): Promise<BookedRow[]> {
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
function findDuplicates(
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

  return lines.map((line): Matched => {
    if (line.pending) return { line, status: "pending", reason: PENDING_REASON, tenancy: null };
    if (line.refusal) return { line, status: "refused", reason: line.refusal, tenancy: null };
    if (line.amountCents <= 0) {
      return { line, status: "ignored", reason: "Abbuchung oder Nullbetrag – keine Mietzahlung.", tenancy: null };
    }
    const duplicate = duplicates.get(line);
    if (duplicate) return { line, ...duplicate, tenancy: null };
    if (line.batchCount) {
      return { line, status: "unmatched", reason: BATCH_REASON(line.batchCount), tenancy: null };
    }
    const checked = bookAnyway.has(line.line) ? "Trotzdem gebucht (mögliche Doppelbuchung geprüft). " : "";
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

export interface ReadStatement {
  format: StatementFormat;
  /** The layout read, in German; null when not known. */
  layoutLabel: string | null;
  warnings: string[];
  lines: StatementLine[];
}

const emptyTotals = (): ImportTotals => ({
  lines: 0,
  match: 0,
  unmatched: 0,
  duplicate: 0,
  possible_duplicate: 0,
  pending: 0,
  refused: 0,
  other_building: 0,
  ignored: 0,
  amount_matched: 0,
  amount_unmatched: 0,
});

function toPreview(statement: ReadStatement, matched: Matched[]): ImportPreview {
  const totals = emptyTotals();
  let centsMatched = 0;
  let centsUnmatched = 0;
  const lines = matched.map((m): ImportLine => {
    totals.lines++;
    totals[m.status]++;
    if (m.status === "match") centsMatched += m.line.amountCents;
    if (m.status === "unmatched") centsUnmatched += m.line.amountCents;
    // Another building's line: neither the account nor the payer is shown.
    const hidden = m.status === "other_building";
    return {
      line: m.line.line,
      booked_on: m.line.bookedOn,
      value_on: m.line.valueOn,
      amount: centsToEuros(m.line.amountCents),
      payer_name: hidden ? null : m.line.payerName,
      payer_iban: hidden ? null : m.line.payerIban,
      remittance: hidden ? null : m.line.remittance,
      bank_ref: hidden ? null : m.line.bankRef,
      status: m.status,
      reason: m.reason,
      tenancy_id: m.status === "match" ? m.tenancy!.tenancyId : null,
      tenant_name: m.status === "match" ? m.tenancy!.tenantName : null,
    };
  });
  return {
    format: statement.format,
    layout_label: statement.layoutLabel,
    warnings: statement.warnings,
    lines,
    totals: { ...totals, amount_matched: centsToEuros(centsMatched), amount_unmatched: centsToEuros(centsUnmatched) },
  };
}

/** A preview without lines (a CSV layout that needs its column mapping first). */
export const emptyPreview = (): ImportPreview => ({
  format: "csv",
  layout_label: null,
  warnings: [],
  lines: [],
  totals: emptyTotals(),
});

export async function previewStatement(
  db: Db,
  statement: ReadStatement,
  scope: StaffScope,
  options: { bookAnyway?: number[] } = {},
): Promise<ImportPreview> {
  return toPreview(statement, await matchStatement(db, statement.lines, scope, options));
}

/**
 * Books the statement: matched lines to their tenancy (applied to open charges), unmatched ones
 * and other buildings' into the waiting list; everything else is only shown. One transaction, one
 * audit entry. Statement commits run one at a time (PostgreSQL: an advisory lock; SQLite: one
 * writer), so a second import of the same days sees the first's lines; the totals count the rows
 * really written.
 */
export async function commitStatement(
  db: Db,
  input: ReadStatement & { filename: string; bookAnyway?: number[] },
  scope: StaffScope,
  actor: AuditActor,
): Promise<ImportResult> {
  return withTransaction(db, async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('mieter-portal:bank-statement'))`.execute(trx);
    const matched = await matchStatement(trx, input.lines, scope, {
      ...(input.bookAnyway ? { bookAnyway: input.bookAnyway } : {}),
    });
    const importId = randomUUID();
    const now = nowIso();
    // The import first (the lines reference it), its counts once the lines are written.
    await trx
      .insertInto("bank_imports")
      .values({
        id: importId,
        format: input.format,
        filename: input.filename,
        line_count: matched.length,
        matched_count: 0,
        unmatched_count: 0,
        duplicate_count: 0,
        created_by: actor.staffId,
        created_at: now,
      })
      .execute();
    const written = matched.filter((m) => ["match", "unmatched", "other_building"].includes(m.status));
    const rows = written.map((m) => ({
      id: randomUUID(),
      source: input.format,
      import_id: importId,
      bank_ref: m.line.dedupeKey,
      bank_reference: m.line.bankRef,
      end_to_end_id: m.line.endToEndId,
      account_iban: m.line.accountIban,
      value_on: m.line.valueOn,
      booked_on: m.line.bookedOn,
      amount_cents: m.line.amountCents,
      allocated_cents: 0,
      payer_name: m.line.payerName,
      payer_iban: m.line.payerIban,
      remittance: m.line.remittance,
      tenancy_id: m.status === "match" ? m.tenancy!.tenancyId : null,
      suggested_tenancy_id: m.status === "other_building" ? m.tenancy!.tenancyId : null,
      match_reason: m.reason,
      created_by: actor.staffId,
      created_at: now,
    }));
    const inserted = new Set<string>();
    for (let i = 0; i < rows.length; i += 200) {
      const res = await trx
        .insertInto("bank_transactions")
        .values(rows.slice(i, i + 200))
        .onConflict((oc) => oc.column("bank_ref").doNothing())
        .returning("id")
        .execute();
      for (const r of res) inserted.add(r.id);
    }
    // A line another import wrote meanwhile is a duplicate, whatever the match said.
    const rowOf = new Map(written.map((m, i) => [m, rows[i]!]));
    const final = matched.map((m): Matched => {
      const row = rowOf.get(m);
      if (!row || inserted.has(row.id)) return m;
      return {
        ...m,
        status: "duplicate",
        reason: "Bereits gebucht (gleichzeitiger Import derselben Buchung).",
        tenancy: null,
      };
    });
    const preview = toPreview(input, final);
    await trx
      .updateTable("bank_imports")
      .set({
        matched_count: preview.totals.match,
        unmatched_count: preview.totals.unmatched,
        duplicate_count: preview.totals.duplicate,
        possible_duplicate_count: preview.totals.possible_duplicate,
        pending_count: preview.totals.pending,
        refused_count: preview.totals.refused,
        other_building_count: preview.totals.other_building,
      })
      .where("id", "=", importId)
      .execute();
    const tenancies = new Set(rows.filter((r) => inserted.has(r.id) && r.tenancy_id).map((r) => r.tenancy_id!));
    await settleTenancies(trx, [...tenancies]);
    await recordAudit(trx, actor, {
      action: "ledger.statement_imported",
      entityType: "bank_import",
      entityId: importId,
      after: { filename: input.filename, format: input.format, layout: input.layoutLabel, ...preview.totals },
    });
    return { ...preview, import_id: importId };
  });
}

// ---------------------------------------------------------------- remembered CSV layouts

/** The mapping the manager completed for a CSV layout (by its header's signature), if any. */
export async function findCsvLayout(db: Db, signature: string): Promise<CsvMapping | undefined> {
  const row = await db
    .selectFrom("bank_csv_layouts")
    .select("mapping")
    .where("signature", "=", signature)
    .executeTakeFirst();
  return row ? (JSON.parse(row.mapping) as CsvMapping) : undefined;
}

/** Remembers (or replaces) the mapping of a CSV layout; applied to every later file of that layout. */
export async function saveCsvLayout(
  db: Db,
  signature: string,
  mapping: CsvMapping,
  actor: AuditActor,
): Promise<string> {
  return withTransaction(db, async (trx) => {
    const now = nowIso();
    await trx
      .insertInto("bank_csv_layouts")
      .values({ signature, mapping: JSON.stringify(mapping), created_by: actor.staffId, created_at: now })
      .onConflict((oc) =>
        oc
          .column("signature")
          .doUpdateSet({ mapping: JSON.stringify(mapping), created_by: actor.staffId, created_at: now }),
      )
      .execute();
    await recordAudit(trx, actor, {
      action: "ledger.csv_layout_saved",
      entityType: "bank_csv_layout",
      entityId: signature,
      after: { mapping },
    });
    return now;
  });
}
