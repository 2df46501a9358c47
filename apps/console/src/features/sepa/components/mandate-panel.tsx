import { SEPA_MANDATE_STATE_LABELS, SEPA_SEQUENCE_LABELS, type SepaMandateState } from "@mieter-portal/contracts";
import type { SepaMandate } from "@mieter-portal/contracts/staff";
import { Badge, type BadgeTone } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { useMutation, useQuery } from "@tanstack/react-query";
import { FileDown } from "lucide-react";
import { DetailList, EmptyState, LoadError, Loading, Section } from "@/components/page";
import { formatCalendarDate, formatDateTime } from "@/lib/format";
import { downloadBlankMandatePdf, downloadMandatePdf, tenancyMandatesQueryOptions } from "../api";
import { MandateDialog } from "./mandate-dialog";
import { RevokeDialog } from "./revoke-dialog";

const STATE_TONE: Record<SepaMandateState, BadgeTone> = { active: "success", revoked: "neutral", expired: "warning" };

export function MandateStateBadge({ state }: { state: SepaMandateState }) {
  return <Badge tone={STATE_TONE[state]}>{SEPA_MANDATE_STATE_LABELS[state]}</Badge>;
}

function ActiveMandate({ mandate }: { mandate: SepaMandate }) {
  return (
    <DetailList
      items={[
        { term: "Mandatsreferenz", value: <span data-testid="mandate-reference">{mandate.reference}</span> },
        { term: "Status", value: <MandateStateBadge state={mandate.state} /> },
        { term: "Kontoinhaber", value: mandate.debtor_name },
        { term: "IBAN", value: <span data-testid="mandate-iban">{mandate.iban_masked}</span> },
        { term: "Unterschrieben am", value: formatCalendarDate(mandate.signed_on) },
        {
          term: "Nächster Einzug",
          value: `${SEPA_SEQUENCE_LABELS[mandate.next_sequence]} (${mandate.next_sequence})`,
        },
        {
          term: "Letzter Einzug",
          value: mandate.last_collection_on ? formatCalendarDate(mandate.last_collection_on) : "noch keiner",
        },
        { term: "Verfällt am", value: `${formatCalendarDate(mandate.expires_on)}, wenn bis dahin nicht eingezogen` },
      ]}
    />
  );
}

function PastMandates({ mandates }: { mandates: SepaMandate[] }) {
  if (mandates.length === 0) return null;
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-link">Frühere Mandate ({mandates.length})</summary>
      <ul className="mt-2 grid gap-2" aria-label="Frühere Mandate">
        {mandates.map((m) => (
          <li key={m.id} className="grid gap-0.5 rounded-lg border border-border p-3">
            <span className="flex flex-wrap items-center gap-2 font-medium">
              {m.reference} <MandateStateBadge state={m.state} />
            </span>
            <span className="[overflow-wrap:anywhere] text-muted-foreground">
              {m.iban_masked} · unterschrieben am {formatCalendarDate(m.signed_on)}
              {m.revoked_at ? ` · widerrufen am ${formatDateTime(m.revoked_at)}` : ""}
              {m.revoke_reason ? ` · ${m.revoke_reason}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The tenancy's SEPA-Lastschriftmandat (issue 28): the active one with its data, "Mandat erfassen"
 * (replacing the active one asks first), "Widerrufen", the filled-in mandate as PDF and a blank one
 * for the tenant to sign, and the earlier mandates.
 */
export function MandatePanel({ tenancyId, tenantName }: { tenancyId: string; tenantName: string }) {
  const mandates = useQuery(tenancyMandatesQueryOptions(tenancyId));
  const pdf = useMutation({
    mutationKey: ["staff", "sepa", "mandate-pdf"],
    mutationFn: (m: SepaMandate) => downloadMandatePdf(m.id, m.reference),
  });
  const blank = useMutation({
    mutationKey: ["staff", "sepa", "blank-pdf"],
    mutationFn: () => downloadBlankMandatePdf(tenancyId),
  });
  const items = mandates.data?.items ?? [];
  const active = items.find((m) => m.state === "active") ?? null;
  return (
    <Section
      title="SEPA-Lastschriftmandat"
      headingId={`mandate-${tenancyId}`}
      actions={
        mandates.isSuccess ? (
          <div className="flex flex-wrap gap-2">
            <MandateDialog tenancyId={tenancyId} tenantName={tenantName} active={active} />
            {active ? <RevokeDialog mandate={active} /> : null}
          </div>
        ) : null
      }
    >
      {mandates.isPending ? (
        <Loading />
      ) : mandates.isError ? (
        <LoadError error={mandates.error} onRetry={() => mandates.refetch()} />
      ) : (
        <>
          {active ? (
            <ActiveMandate mandate={active} />
          ) : (
            <EmptyState>
              Kein aktives Mandat: Für dieses Mietverhältnis wird nichts per Lastschrift eingezogen.
            </EmptyState>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {active ? (
              <Button variant="outline" size="sm" disabled={pdf.isPending} onClick={() => pdf.mutate(active)}>
                <FileDown aria-hidden="true" />
                Mandat (PDF)
              </Button>
            ) : null}
            <Button variant="outline" size="sm" disabled={blank.isPending} onClick={() => blank.mutate()}>
              <FileDown aria-hidden="true" />
              Vordruck zum Unterschreiben (PDF)
            </Button>
          </div>
          <PastMandates mandates={items.filter((m) => m !== active)} />
        </>
      )}
    </Section>
  );
}
