import { randomUUID } from "node:crypto";
import type { ImportLine, ImportPreview, ImportResult } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, withTransaction } from "../db/connection.js";
import type { StatementFormat, StatementLine } from "../lib/bank-statement.js";
import { centsToEuros, nowIso } from "../lib/time.js";
import { type AuditActor, recordAudit } from "./audit.js";
import { periodOf, referencesIn, settleTenancies } from "./rent-ledger.js";

/**
 * Matching a bank statement's lines to tenancies (docs/decisions/020-rent-ledger.md), in this order:
 * 1. the tenancy's payment reference in the Verwendungszweck;
 * 2. the payer's IBAN, known from earlier payments of exactly one tenancy;
 * 3. the IBAN's last four digits as stored with the tenancy, and the amount equal to its rent or
 *    to what it owes (the last four digits alone are too weak).
 * Whatever matches is booked with its reason; partial payments and overpayments are booked as
 * they are. The rest waits in the unmatched list. Lines booked before (same bank reference or
 * same line content) are duplicates; outgoing money is ignored.
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
  tenancy: Candidate | null;
}

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

/** Matches the lines without writing anything. */
export async function matchStatement(db: Db, lines: StatementLine[]): Promise<Matched[]> {
  const credits = lines.filter((l) => l.amountCents > 0);
  const booked = new Set(
    (
      await inChunks(
        lines.map((l) => l.dedupeKey),
        (chunk) => db.selectFrom("bank_transactions").select("bank_ref").where("bank_ref", "in", chunk).execute(),
      )
    ).map((r) => r.bank_ref),
  );

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

  const seenKeys = new Set<string>();
  return lines.map((line): Matched => {
    if (booked.has(line.dedupeKey) || seenKeys.has(line.dedupeKey)) {
      return {
        line,
        status: "duplicate",
        reason: "Bereits gebucht (gleiche Buchung in einem früheren Import).",
        tenancy: null,
      };
    }
    seenKeys.add(line.dedupeKey);
    if (line.amountCents <= 0) {
      return { line, status: "ignored", reason: "Abbuchung oder Nullbetrag – keine Mietzahlung.", tenancy: null };
    }
    const tried: string[] = [];
    const lineRefs = referencesIn(line.remittance);
    const refHits = [...new Set(lineRefs.map((r) => byRef.get(r)).filter((t): t is string => Boolean(t)))];
    if (refHits.length === 1) {
      const t = known.get(refHits[0]!)!;
      const ref = lineRefs.find((r) => byRef.get(r) === t.tenancyId);
      return {
        line,
        status: "match",
        reason: `Zahlungsreferenz ${ref} im Verwendungszweck. ${amountNote(t.tenancyId, line)}`,
        tenancy: t,
      };
    }
    if (refHits.length > 1) tried.push("Verwendungszweck nennt mehrere Zahlungsreferenzen");
    else if (lineRefs.length > 0) tried.push(`Zahlungsreferenz ${lineRefs.join(", ")} ist unbekannt`);
    else tried.push("keine Zahlungsreferenz im Verwendungszweck");

    if (line.payerIban) {
      const ibanHits = [...(byIban.get(line.payerIban) ?? [])];
      if (ibanHits.length === 1) {
        const t = known.get(ibanHits[0]!)!;
        return {
          line,
          status: "match",
          reason: `IBAN aus früheren Zahlungen dieses Mietkontos bekannt. ${amountNote(t.tenancyId, line)}`,
          tenancy: t,
        };
      }
      if (ibanHits.length > 1) tried.push("IBAN gehört zu mehreren Mietkonten");
      const sameEnd = (byLast4.get(line.payerIban.slice(-4)) ?? []).filter(
        (c) => c.rentCents === line.amountCents || owedBy(c.tenancyId, line.bookedOn) === line.amountCents,
      );
      if (ibanHits.length === 0 && sameEnd.length === 1) {
        const t = sameEnd[0]!;
        return {
          line,
          status: "match",
          reason: `IBAN endet auf ${line.payerIban.slice(-4)} wie beim Mietverhältnis hinterlegt, und der Betrag passt. ${amountNote(t.tenancyId, line)}`,
          tenancy: t,
        };
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
    return { line, status: "unmatched", reason: `Nicht zugeordnet: ${tried.join("; ")}.`, tenancy: null };
  });
}

function toPreview(format: StatementFormat, matched: Matched[], scope: StaffScope): ImportPreview {
  const visible = (b: string | null) => scope.allBuildings || (b !== null && scope.buildingIds.includes(b));
  const totals = {
    lines: matched.length,
    match: 0,
    unmatched: 0,
    duplicate: 0,
    ignored: 0,
    amount_matched: 0,
    amount_unmatched: 0,
  };
  const lines = matched.map((m): ImportLine => {
    totals[m.status]++;
    if (m.status === "match") totals.amount_matched += m.line.amountCents;
    if (m.status === "unmatched") totals.amount_unmatched += m.line.amountCents;
    const shown = m.tenancy && visible(m.tenancy.buildingId);
    return {
      line: m.line.line,
      booked_on: m.line.bookedOn,
      amount: centsToEuros(m.line.amountCents),
      payer_name: m.line.payerName,
      payer_iban: m.line.payerIban,
      remittance: m.line.remittance,
      bank_ref: m.line.bankRef,
      status: m.status,
      reason: m.tenancy && !shown ? `${m.reason} (Mietkonto eines Gebäudes, das Sie nicht betreuen.)` : m.reason,
      tenancy_id: shown ? m.tenancy!.tenancyId : null,
      tenant_name: shown ? m.tenancy!.tenantName : null,
    };
  });
  return {
    format,
    lines,
    totals: {
      ...totals,
      amount_matched: centsToEuros(totals.amount_matched),
      amount_unmatched: centsToEuros(totals.amount_unmatched),
    },
  };
}

export async function previewStatement(
  db: Db,
  format: StatementFormat,
  lines: StatementLine[],
  scope: StaffScope,
): Promise<ImportPreview> {
  return toPreview(format, await matchStatement(db, lines), scope);
}

/**
 * Books the statement: matched lines to their tenancy (applied to open charges), unmatched ones
 * into the waiting list; duplicates and outgoing money are skipped. One transaction, one audit entry.
 */
export async function commitStatement(
  db: Db,
  input: { format: StatementFormat; filename: string; lines: StatementLine[] },
  scope: StaffScope,
  actor: AuditActor,
): Promise<ImportResult> {
  return withTransaction(db, async (trx) => {
    const matched = await matchStatement(trx, input.lines);
    const preview = toPreview(input.format, matched, scope);
    const importId = randomUUID();
    const now = nowIso();
    await trx
      .insertInto("bank_imports")
      .values({
        id: importId,
        format: input.format,
        filename: input.filename,
        line_count: preview.totals.lines,
        matched_count: preview.totals.match,
        unmatched_count: preview.totals.unmatched,
        duplicate_count: preview.totals.duplicate,
        created_by: actor.staffId,
        created_at: now,
      })
      .execute();
    const rows = matched
      .filter((m) => m.status === "match" || m.status === "unmatched")
      .map((m) => ({
        id: randomUUID(),
        source: input.format,
        import_id: importId,
        bank_ref: m.line.dedupeKey,
        booked_on: m.line.bookedOn,
        amount_cents: m.line.amountCents,
        allocated_cents: 0,
        payer_name: m.line.payerName,
        payer_iban: m.line.payerIban,
        remittance: m.line.remittance,
        tenancy_id: m.tenancy?.tenancyId ?? null,
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
    const tenancies = new Set(rows.filter((r) => inserted.has(r.id) && r.tenancy_id).map((r) => r.tenancy_id!));
    await settleTenancies(trx, [...tenancies]);
    await recordAudit(trx, actor, {
      action: "ledger.statement_imported",
      entityType: "bank_import",
      entityId: importId,
      after: { filename: input.filename, format: input.format, ...preview.totals },
    });
    return { ...preview, import_id: importId };
  });
}
