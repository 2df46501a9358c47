import type { ImportLine, ImportPreview } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { LINE_STATUS, LINE_STATUS_ORDER } from "../labels";

const PAGE = 200;

function Line({
  line,
  bookAnyway,
  onBookAnyway,
}: {
  line: ImportLine;
  bookAnyway: boolean;
  onBookAnyway: ((line: number, on: boolean) => void) | undefined;
}) {
  const status = LINE_STATUS[line.status];
  return (
    <li data-testid="import-line" className="grid gap-1 rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          Zeile {line.line} · {line.booked_on ? formatCalendarDate(line.booked_on) : "ohne Datum"} ·{" "}
          {formatMoney(line.amount)}
        </span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="[overflow-wrap:anywhere] text-muted-foreground">
        {line.status === "other_building"
          ? "Angaben zum Zahler nicht sichtbar"
          : [line.payer_name, line.payer_iban, line.remittance].filter(Boolean).join(" · ") || "Ohne Angaben"}
      </p>
      {line.tenant_name && line.tenancy_id ? (
        <p>
          Mietkonto:{" "}
          <Link to={paths.ledgerAccount(line.tenancy_id)} className="text-link underline">
            {line.tenant_name}
          </Link>
        </p>
      ) : null}
      <p className="[overflow-wrap:anywhere]">{line.reason}</p>
      {line.status === "possible_duplicate" && onBookAnyway ? (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={bookAnyway}
            onChange={(e) => onBookAnyway(line.line, e.target.checked)}
          />
          Trotzdem buchen
        </label>
      ) : null}
    </li>
  );
}

/**
 * The lines of a previewed or booked statement with their match reasons (in the file's order), and
 * the count per status, the ones that need a look first. With `onBookAnyway`, a possible duplicate offers "Trotzdem buchen".
 */
export function PreviewTable({
  preview,
  bookAnyway = new Set<number>(),
  onBookAnyway,
}: {
  preview: ImportPreview;
  bookAnyway?: Set<number>;
  onBookAnyway?: (line: number, on: boolean) => void;
}) {
  const [shown, setShown] = useState(PAGE);
  const t = preview.totals;
  // In the file's order, as on the bank statement; the counts above name the problems first.
  const lines = preview.lines;
  return (
    <div className="grid gap-3">
      {preview.layout_label ? (
        <p className="text-sm" data-testid="import-layout">
          Gelesen als: <strong>{preview.layout_label}</strong>
        </p>
      ) : null}
      {preview.warnings.length > 0 ? (
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground" aria-label="Hinweise zur Datei">
          {preview.warnings.map((w) => (
            <li key={w} className="[overflow-wrap:anywhere]">
              {w}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm [overflow-wrap:anywhere]" data-testid="import-totals">
        {t.lines} Zeilen: {t.match} zugeordnet ({formatMoney(t.amount_matched)}), {t.unmatched} nicht zugeordnet (
        {formatMoney(t.amount_unmatched)}).
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Zeilen je Status">
        {LINE_STATUS_ORDER.filter((s) => t[s] > 0).map((s) => (
          <li key={s}>
            <Badge tone={LINE_STATUS[s].tone}>
              {LINE_STATUS[s].label}: {t[s]}
            </Badge>
          </li>
        ))}
      </ul>
      <ul className="grid gap-2" aria-label="Buchungen des Kontoauszugs">
        {lines.slice(0, shown).map((line) => (
          <Line key={line.line} line={line} bookAnyway={bookAnyway.has(line.line)} onBookAnyway={onBookAnyway} />
        ))}
      </ul>
      {lines.length > shown ? (
        <Button variant="outline" className="w-fit" onClick={() => setShown((n) => n + PAGE)}>
          Weitere {Math.min(PAGE, lines.length - shown)} Zeilen zeigen
        </Button>
      ) : null}
    </div>
  );
}
