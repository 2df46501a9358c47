import { SEPA_ITEM_STATE_LABELS, SEPA_SEQUENCE_LABELS, type SepaItemState } from "@mieter-portal/contracts";
import { SEPA_RUN_STATE_LABELS, type SepaRunDetail, type SepaRunState } from "@mieter-portal/contracts/staff";
import { Badge, type BadgeTone } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { FileDown } from "lucide-react";
import { DetailList, Section } from "@/components/page";
import { formatCalendarDate, formatDateTime, formatMoney } from "@/lib/format";
import { useDownloadRunFile } from "../api";
import { debits, monthLabel } from "../format";
import { CancelRunDialog } from "./cancel-run-dialog";
import { ChargesTable } from "./charges-table";

const RUN_TONE: Record<SepaRunState, BadgeTone> = { created: "warning", downloaded: "success", cancelled: "neutral" };
const ITEM_TONE: Record<SepaItemState, BadgeTone> = {
  submitted: "neutral",
  collected: "success",
  returned: "danger",
  cancelled: "neutral",
};

export function RunStateBadge({ state }: { state: SepaRunState }) {
  return <Badge tone={RUN_TONE[state]}>{SEPA_RUN_STATE_LABELS[state]}</Badge>;
}

/** Download the pain.008 file (marks the run downloaded) and cancel the run. */
export function RunActions({ run }: { run: SepaRunDetail }) {
  const download = useDownloadRunFile();
  if (run.state === "cancelled") return null;
  return (
    <>
      <Button disabled={download.isPending} onClick={() => download.mutate({ id: run.id, fileName: run.file_name })}>
        <FileDown aria-hidden="true" />
        {download.isPending ? "Wird geladen…" : "pain.008-Datei herunterladen"}
      </Button>
      <CancelRunDialog run={run} />
    </>
  );
}

/** A collection run: its file, totals per sequence type and every charge with its state. */
export function RunDetailSections({ run }: { run: SepaRunDetail }) {
  return (
    <div className="grid gap-4">
      <Section title="Überblick">
        <DetailList
          items={[
            { term: "Status", value: <RunStateBadge state={run.state} /> },
            { term: "Monat", value: monthLabel(run.month) },
            { term: "Gebäude", value: run.building?.name ?? "Alle Gebäude" },
            { term: "Einzugsdatum", value: formatCalendarDate(run.collection_date) },
            {
              term: "Summe",
              value: (
                <span data-testid="run-total">
                  {debits(run.count)} · {formatMoney(run.amount)}
                </span>
              ),
            },
            ...run.by_sequence.map((s) => ({
              term: `${SEPA_SEQUENCE_LABELS[s.sequence]} (${s.sequence})`,
              value: `${s.count} · ${formatMoney(s.amount)}`,
            })),
            { term: "Datei", value: <span className="[overflow-wrap:anywhere]">{run.file_name}</span> },
            { term: "Nachrichten-ID", value: <span className="[overflow-wrap:anywhere]">{run.message_id}</span> },
            {
              term: "Erstellt",
              value: `${formatDateTime(run.created_at)}${run.created_by ? ` von ${run.created_by.name}` : ""}`,
            },
            { term: "Heruntergeladen", value: run.downloaded_at ? formatDateTime(run.downloaded_at) : "noch nicht" },
            ...(run.cancelled_at ? [{ term: "Storniert", value: formatDateTime(run.cancelled_at) }] : []),
            ...(run.returned_count > 0 ? [{ term: "Rücklastschriften", value: String(run.returned_count) }] : []),
          ]}
        />
        {run.state === "created" ? (
          <p className="mt-3 text-sm text-muted-foreground">
            Laden Sie die Datei herunter und reichen Sie sie im Online-Banking als SEPA-Basislastschrift
            (Sammellastschrift) ein.
          </p>
        ) : null}
      </Section>
      <Section title={`Lastschriften (${run.items.length})`}>
        <ChargesTable
          caption="Lastschriften dieses Einzugs"
          rows={run.items.map((i) => ({
            ...i,
            problem: i.state === "returned",
            notes: (
              <span className="grid justify-items-start gap-1">
                <Badge tone={ITEM_TONE[i.state]}>{SEPA_ITEM_STATE_LABELS[i.state]}</Badge>
                {i.return_reason ? <span className="[overflow-wrap:anywhere]">{i.return_reason}</span> : null}
              </span>
            ),
          }))}
        />
      </Section>
    </div>
  );
}
