import { GERMAN_MONTHS } from "@mieter-portal/contracts";
import type { TenantImportPreview, TenantImportRow } from "@mieter-portal/contracts/staff";
import { Badge, type BadgeTone } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { Switch } from "@mieter-portal/ui/switch";
import { FileCheck2 } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { PAYMENT_METHOD_LABELS } from "@/lib/labels";

const PAGE = 200;

const STATUS: Record<TenantImportRow["status"], { label: string; tone: BadgeTone; order: number }> = {
  error: { label: "Fehler", tone: "danger", order: 0 },
  ok: { label: "Wird importiert", tone: "success", order: 1 },
  exists: { label: "Bereits vorhanden", tone: "neutral", order: 2 },
};

/** "2026-12" → "Dezember 2026". */
function formatPeriod(period: string): string {
  const [year, month] = period.split("-");
  return `${GERMAN_MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The balance carried over as the console says it: arrears, credit or nothing. */
function formatOpening(balance: number): string {
  if (balance > 0) return `${formatMoney(balance)} Rückstand`;
  if (balance < 0) return `${formatMoney(-balance)} Guthaben`;
  return "—";
}

/**
 * Every row of a tenant CSV file as one line of a compact table: the refused rows first with what
 * is wrong (the offending value included), then those to import with the first month charged and
 * the balance carried over, then those already there.
 */
export function ImportPreview({ preview }: { preview: TenantImportPreview }) {
  const [shown, setShown] = useState(PAGE);
  const rows = [...preview.rows].sort((a, b) => STATUS[a.status].order - STATUS[b.status].order || a.line - b.line);
  return (
    <div className="grid gap-3">
      {preview.file_problems.length > 0 ? (
        <div
          role="alert"
          className="rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
        >
          <ul className="grid gap-1">
            {preview.file_problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm" data-testid="import-summary">
          {preview.rows.length} {preview.rows.length === 1 ? "Zeile" : "Zeilen"}: {preview.importable} werden importiert
          {preview.existing > 0 ? `, ${preview.existing} bereits vorhanden (werden übersprungen)` : ""}
          {preview.refused > 0
            ? `, ${preview.refused} mit Fehlern (werden nicht importiert – laden Sie sie als eigene Datei herunter, korrigieren Sie sie und importieren Sie sie danach)`
            : ""}
          .
        </p>
      )}
      {preview.file_warnings.length > 0 ? (
        <ul className="grid gap-1 text-sm text-muted-foreground" data-testid="import-file-warnings">
          {preview.file_warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Zeilen der Datei, Zeilen mit Fehlern zuerst</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Zeile
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Mieter
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Wohnung
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Miete
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Erster Monat
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Saldovortrag
                </th>
                <th scope="col" className="py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, shown).map((row) => (
                <tr
                  key={row.line}
                  data-testid="import-row"
                  data-status={row.status}
                  className="border-b border-border align-top last:border-b-0"
                >
                  <td className="py-2 pr-3 tabular-nums">{row.line}</td>
                  <th scope="row" className="py-2 pr-3 text-left font-medium break-words">
                    {`${row.first_name} ${row.last_name}`.trim() || "Ohne Namen"}
                    <span className="block font-normal text-muted-foreground">{row.email ?? "ohne E-Mail"}</span>
                  </th>
                  <td className="py-2 pr-3 break-words">
                    {[row.building?.name, row.unit].filter(Boolean).join(" · ") || "—"}
                    {/^\d{4}-\d{2}-\d{2}$/.test(row.start_date) ? (
                      <span className="block text-muted-foreground">seit {formatCalendarDate(row.start_date)}</span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">
                    {row.base_rent !== null && row.utilities !== null
                      ? `${formatMoney(row.base_rent)} + ${formatMoney(row.utilities)}`
                      : "—"}
                    <span className="block text-muted-foreground">
                      {[PAYMENT_METHOD_LABELS[row.payment_method], row.due_day ? `fällig am ${row.due_day}.` : null]
                        .filter(Boolean)
                        .join(", ")}
                    </span>
                  </td>
                  <td className="py-2 pr-3">{row.first_period ? formatPeriod(row.first_period) : "—"}</td>
                  <td className="py-2 pr-3">{formatOpening(row.opening_balance)}</td>
                  <td className="min-w-[14rem] py-2 [overflow-wrap:anywhere]">
                    <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
                    {row.problems.length > 0 ? (
                      <ul className="mt-1 grid list-disc gap-0.5 pl-5 text-destructive-text">
                        {row.problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    ) : null}
                    {row.warnings.length > 0 ? (
                      <ul className="mt-1 grid gap-0.5 text-muted-foreground">
                        {row.warnings.map((w) => (
                          <li key={w}>{w}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows.length > shown ? (
        <Button variant="outline" className="w-fit" onClick={() => setShown((n) => n + PAGE)}>
          Weitere {Math.min(PAGE, rows.length - shown)} Zeilen zeigen
        </Button>
      ) : null}
    </div>
  );
}

const invitations = (n: number) => (n === 1 ? "1 Einladung wird" : `${n} Einladungen werden`);

/**
 * The import button with "gleich einladen": off by default (issue 24 item 10) and saying how
 * many mails will go out before anything is sent.
 */
export function ImportCommit({
  preview,
  pending,
  onCommit,
}: {
  preview: TenantImportPreview;
  pending: boolean;
  onCommit: (invite: boolean) => void;
}) {
  const inviteId = useId();
  // "gleich einladen" is the only field of this form: a Controller, as 043 says for switches.
  const { control, handleSubmit } = useForm<{ invite: boolean }>({ defaultValues: { invite: false } });
  const invite = useWatch({ control, name: "invite" });
  const mails = invite ? preview.invitable : 0;
  return (
    <form noValidate onSubmit={handleSubmit((values) => onCommit(values.invite))} className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Controller
          name="invite"
          control={control}
          render={({ field }) => (
            <Switch
              id={inviteId}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={preview.invitable === 0}
            />
          )}
        />
        <label htmlFor={inviteId} className="text-sm font-medium">
          Mieter mit E-Mail-Adresse gleich einladen
        </label>
        <span className="text-sm text-muted-foreground" data-testid="import-invitations">
          {mails > 0
            ? `${invitations(mails)} verschickt.`
            : `Keine Einladungen (${preview.invitable} Mieter mit E-Mail-Adresse; später aus der Mieterliste möglich).`}
        </span>
      </div>
      <Button type="submit" disabled={pending} className="w-fit">
        <FileCheck2 aria-hidden="true" />
        {pending
          ? "Wird importiert…"
          : `${preview.importable} Mieter importieren${mails > 0 ? ` und ${mails} einladen` : ""}`}
      </Button>
    </form>
  );
}
