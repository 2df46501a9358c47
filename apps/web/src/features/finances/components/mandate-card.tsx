import { SEPA_MANDATE_STATE_LABELS, type TenantDirectDebitResponse } from "@mieter-portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { Landmark } from "lucide-react";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { getDirectDebitQueryOptions } from "../api/get-direct-debit";
import { directDebitTexts } from "../direct-debit-texts";
import { MandateChange } from "./mandate-change";

function Row({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="ml-auto min-w-0 text-right font-medium [overflow-wrap:anywhere]" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function MandateDetails({ mandate }: { mandate: NonNullable<TenantDirectDebitResponse["mandate"]> }) {
  const t = directDebitTexts;
  return (
    <dl className="grid grid-cols-1 gap-2 text-sm">
      <Row term={t.account} testId="mandate-iban">
        {mandate.iban_masked}
      </Row>
      <Row term={t.reference} testId="mandate-reference">
        {mandate.reference}
      </Row>
      <Row term={t.debtor}>{mandate.debtor_name}</Row>
      <Row term={t.signedOn}>{formatDate(mandate.signed_on)}</Row>
      <Row term={t.creditor}>{mandate.creditor_name}</Row>
      <Row term={t.creditorId}>{mandate.creditor_id}</Row>
      {mandate.state !== "active" ? (
        <Row term={t.state}>
          <Badge tone="warning">{SEPA_MANDATE_STATE_LABELS[mandate.state]}</Badge>
        </Row>
      ) : null}
    </dl>
  );
}

/**
 * The tenant's SEPA-Lastschriftmandat in Finanzen (issue 28): the account (IBAN masked), the
 * mandate reference and the creditor; how to change the account, and the request to do so.
 */
export function MandateCard() {
  const t = directDebitTexts;
  const debit = useQuery(getDirectDebitQueryOptions());
  return (
    <Card aria-labelledby="mandate-title" data-testid="mandate-card">
      <CardHeader>
        <CardTitle id="mandate-title" className="flex items-center gap-2">
          <Landmark className="size-5 text-primary" aria-hidden="true" />
          {t.mandateTitle}
        </CardTitle>
      </CardHeader>
      {debit.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t.mandateLoading}
        </p>
      ) : debit.isError ? (
        <QueryErrorAlert
          error={debit.error}
          title={t.mandateLoadError}
          onRetry={() => void debit.refetch()}
          retrying={debit.isFetching}
        />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {debit.data.mandate ? (
            <MandateDetails mandate={debit.data.mandate} />
          ) : (
            <p className="text-sm text-muted-foreground">{t.noMandate}</p>
          )}
          <MandateChange debit={debit.data} />
        </div>
      )}
    </Card>
  );
}
