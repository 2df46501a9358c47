import { compactIban, type GiroCode } from "@mieter-portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { Copy, QrCode } from "lucide-react";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiRequestError } from "@/lib/api/errors";
import { formatCurrency } from "@/lib/format";
import { getGiroCodeQueryOptions } from "../api/get-girocode";
import { directDebitTexts } from "../direct-debit-texts";

const groupIban = (iban: string) => compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");

async function copy(label: string, value: string) {
  const t = directDebitTexts;
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: t.copied(label) });
  } catch {
    toast({ variant: "destructive", title: t.copyFailed });
  }
}

function CopyRow({ label, shown, value }: { label: string; shown: string; value: string }) {
  // dl > div > dt, dd only: the copy button is a dd of its own beside the value.
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-1.5">
      <dt className="col-start-1 text-xs text-muted-foreground">{label}</dt>
      <dd className="col-start-1 font-medium select-all [overflow-wrap:anywhere]" data-testid={`girocode-${label}`}>
        {shown}
      </dd>
      <dd className="col-start-2 row-span-2 row-start-1">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-10"
          aria-label={directDebitTexts.copyLabel(label)}
          onClick={() => void copy(label, value)}
        >
          <Copy aria-hidden="true" />
        </Button>
      </dd>
    </div>
  );
}

/** The QR code as the server drew it (SVG) on a light ground, which banking apps need to read it. */
function GiroCodeImage({ code }: { code: GiroCode }) {
  const t = directDebitTexts;
  return (
    <figure className="grid justify-items-center gap-2">
      <div className="rounded-lg bg-white p-2">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}`}
          alt={t.giroCodeAlt(formatCurrency(code.amount), code.recipient)}
          className="size-44"
          data-testid="girocode-image"
        />
      </div>
      <figcaption className="flex items-center gap-1.5 text-sm font-medium">
        <QrCode className="size-4" aria-hidden="true" />
        {t.giroCodeScan}
      </figcaption>
    </figure>
  );
}

/**
 * An open charge's GiroCode (issue 28): the EPC QR code a banking app reads (recipient, IBAN, amount,
 * payment reference) and the same data as text to copy, for a transfer typed by hand.
 */
export function GiroCodePanel({ paymentId }: { paymentId: string }) {
  const t = directDebitTexts;
  const code = useQuery(getGiroCodeQueryOptions(paymentId));
  if (code.isPending)
    return (
      <p role="status" className="py-2 text-sm text-muted-foreground">
        {t.giroCodeLoading}
      </p>
    );
  if (code.isError)
    return (
      <QueryErrorAlert
        error={code.error}
        title={t.giroCodeError}
        // The server says why in German (e.g. no account to pay to yet).
        advice={code.error instanceof ApiRequestError ? (code.error.apiMessage ?? undefined) : undefined}
        onRetry={() => void code.refetch()}
        retrying={code.isFetching}
      />
    );
  const c = code.data;
  return (
    <div
      className="grid gap-4 rounded-xl border border-border p-3 sm:grid-cols-[auto_1fr] sm:items-start"
      data-testid="girocode"
    >
      <GiroCodeImage code={c} />
      <div className="grid min-w-0 gap-1">
        <p className="text-sm text-muted-foreground">{t.giroCodeManual}</p>
        <dl className="divide-y divide-border text-sm">
          <CopyRow label={t.recipient} shown={c.recipient} value={c.recipient} />
          <CopyRow label={t.iban} shown={groupIban(c.iban)} value={compactIban(c.iban)} />
          {c.bic ? <CopyRow label={t.bic} shown={c.bic} value={c.bic} /> : null}
          <CopyRow
            label={t.amount}
            shown={formatCurrency(c.amount)}
            value={c.amount.toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          />
          <CopyRow label={t.purpose} shown={c.reference} value={c.reference} />
        </dl>
      </div>
    </div>
  );
}
