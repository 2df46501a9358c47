import type { TenantImportPreview } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { useState } from "react";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { PAYMENT_METHOD_LABELS } from "@/lib/labels";

const PAGE = 200;

/** Every row of a tenant CSV file with what is wrong with it, problem rows first. */
export function ImportPreview({ preview }: { preview: TenantImportPreview }) {
  const [shown, setShown] = useState(PAGE);
  const wrong = preview.rows.filter((r) => r.problems.length > 0).length;
  const rows = [...preview.rows].sort(
    (a, b) => Number(b.problems.length > 0) - Number(a.problems.length > 0) || a.line - b.line,
  );
  return (
    <div className="grid gap-3">
      {preview.file_problems.length > 0 ? (
        <ul
          role="alert"
          className="grid gap-1 rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
        >
          {preview.file_problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm" data-testid="import-summary">
          {preview.rows.length} {preview.rows.length === 1 ? "Zeile" : "Zeilen"}:{" "}
          {wrong === 0
            ? "alle in Ordnung."
            : `${wrong} mit Fehlern – bitte korrigieren Sie die Datei; es wird nichts importiert.`}
        </p>
      )}
      <ul className="grid gap-2" aria-label="Zeilen der Datei">
        {rows.slice(0, shown).map((row) => (
          <li
            key={row.line}
            data-testid="import-row"
            className="grid gap-1 rounded-lg border border-border p-3 text-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 font-medium break-words">
                Zeile {row.line} · {`${row.first_name} ${row.last_name}`.trim() || "Ohne Namen"}
              </span>
              {row.problems.length > 0 ? <Badge tone="danger">Fehler</Badge> : <Badge tone="success">In Ordnung</Badge>}
            </div>
            <p className="break-words text-muted-foreground">
              {[
                row.email ?? "ohne E-Mail",
                row.building ? row.building.name : null,
                row.unit,
                /^\d{4}-\d{2}-\d{2}$/.test(row.start_date) ? `ab ${formatCalendarDate(row.start_date)}` : null,
                row.base_rent !== null && row.utilities !== null
                  ? `${formatMoney(row.base_rent)} + ${formatMoney(row.utilities)}`
                  : null,
                PAYMENT_METHOD_LABELS[row.payment_method] ?? null,
                row.due_day ? `fällig am ${row.due_day}.` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {row.problems.length > 0 ? (
              <ul className="grid list-disc gap-0.5 pl-5 text-destructive-text">
                {row.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {rows.length > shown ? (
        <Button variant="outline" className="w-fit" onClick={() => setShown((n) => n + PAGE)}>
          Weitere {Math.min(PAGE, rows.length - shown)} Zeilen zeigen
        </Button>
      ) : null}
    </div>
  );
}
