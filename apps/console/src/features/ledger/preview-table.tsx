import type { ImportLine, ImportPreview } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { LINE_STATUS } from "./labels";

const PAGE = 200;

function Line({ line }: { line: ImportLine }) {
  const status = LINE_STATUS[line.status];
  return (
    <li data-testid="import-line" className="grid gap-1 rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          Zeile {line.line} · {formatCalendarDate(line.booked_on)} · {formatMoney(line.amount)}
        </span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="[overflow-wrap:anywhere] text-muted-foreground">
        {[line.payer_name, line.payer_iban, line.remittance].filter(Boolean).join(" · ") || "Ohne Angaben"}
      </p>
      {line.tenant_name && line.tenancy_id ? (
        <p>
          Mietkonto:{" "}
          <Link to={paths.ledgerAccount(line.tenancy_id)} className="text-link hover:underline">
            {line.tenant_name}
          </Link>
        </p>
      ) : null}
      <p className="[overflow-wrap:anywhere]">{line.reason}</p>
    </li>
  );
}

/** The lines of a previewed or booked statement with their match reasons, and the totals. */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const [shown, setShown] = useState(PAGE);
  const t = preview.totals;
  return (
    <div className="grid gap-3">
      <p className="text-sm [overflow-wrap:anywhere]" data-testid="import-totals">
        {t.lines} Zeilen: {t.match} zugeordnet ({formatMoney(t.amount_matched)}), {t.unmatched} nicht zugeordnet (
        {formatMoney(t.amount_unmatched)}), {t.duplicate} bereits gebucht, {t.ignored} nicht berücksichtigt.
      </p>
      <ul className="grid gap-2" aria-label="Buchungen des Kontoauszugs">
        {preview.lines.slice(0, shown).map((line) => (
          <Line key={line.line} line={line} />
        ))}
      </ul>
      {preview.lines.length > shown ? (
        <Button variant="outline" className="w-fit" onClick={() => setShown((n) => n + PAGE)}>
          Weitere {Math.min(PAGE, preview.lines.length - shown)} Zeilen zeigen
        </Button>
      ) : null}
    </div>
  );
}
