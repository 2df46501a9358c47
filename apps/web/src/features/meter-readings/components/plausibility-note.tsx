import { METER_UNITS, type MeterKind } from "@mieter-portal/contracts";
import { TriangleAlert } from "lucide-react";
import { formatDate } from "@/lib/format";
import { formatMeterValue } from "../german-number";
import type { PlausibilityHint } from "../plausibility";
import { meterTexts } from "../texts";

/** The usual consumption is an estimate: shown without false precision. */
function roughly(value: number, unit: string): string {
  const digits = value >= 10 ? 0 : value >= 1 ? 1 : 3;
  return `${new Intl.NumberFormat("de-DE", { maximumFractionDigits: digits }).format(value)} ${unit}`;
}

export function plausibilityText(hint: PlausibilityHint, meter: MeterKind): string {
  const unit = METER_UNITS[meter];
  const date = formatDate(hint.previous.date);
  if (hint.kind === "lower") return meterTexts.hints.lower(formatMeterValue(hint.previous.value, unit), date);
  return meterTexts.hints.jump(formatMeterValue(hint.increase, unit), date, roughly(hint.usual, unit));
}

/** A warning that does not block sending. */
export function PlausibilityNote({ id, hint, meter }: { id: string; hint: PlausibilityHint; meter: MeterKind }) {
  return (
    <div
      id={id}
      className="flex gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-foreground"
      data-testid={`plausibility-${meter}`}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">{meterTexts.hints.title}: </strong>
        {plausibilityText(hint, meter)}
      </p>
    </div>
  );
}
