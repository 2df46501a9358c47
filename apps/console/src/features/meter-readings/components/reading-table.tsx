import type { MeterKind } from "@mieter-portal/contracts";
import type { StaffMeterReading } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { TrendingDown } from "lucide-react";
import { formatNumber } from "@/lib/format";
import { METER_LABELS } from "@/lib/labels";

const KINDS: MeterKind[] = ["water", "electricity", "heating"];
const FIELD = { water: "water_reading", electricity: "electricity_reading", heating: "heating_reading" } as const;

/** Each meter's value against the tenant's previous reading; lower values are flagged. */
export function ReadingTable({ reading }: { reading: StaffMeterReading }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">Zählerstände im Vergleich zur letzten Ablesung</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Zähler
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Neuer Stand
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Letzter Stand
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Verbrauch
            </th>
            <th scope="col" className="py-2 font-medium">
              Prüfung
            </th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map((kind) => {
            const value = reading[FIELD[kind]];
            const previous = reading.previous[FIELD[kind]];
            const lower = reading.lower_than_previous.includes(kind);
            const unit = METER_LABELS[kind].unit;
            const diff = value !== null && previous !== null ? value - previous : null;
            return (
              <tr key={kind} className="border-b border-border last:border-b-0">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {METER_LABELS[kind].label}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {value === null ? "–" : `${formatNumber(value)} ${unit}`}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {previous === null ? "–" : `${formatNumber(previous)} ${unit}`}
                </td>
                <td
                  className={`py-2 pr-3 text-right tabular-nums ${lower ? "font-semibold text-destructive-text" : ""}`}
                >
                  {diff === null ? "–" : `${diff > 0 ? "+" : ""}${formatNumber(diff)} ${unit}`}
                </td>
                <td className="py-2">
                  {lower ? (
                    <Badge tone="danger">
                      <TrendingDown className="mr-1 size-3" aria-hidden="true" />
                      Niedriger als zuletzt
                    </Badge>
                  ) : value === null ? (
                    <span className="text-muted-foreground">nicht gemeldet</span>
                  ) : (
                    <Badge tone="success">Plausibel</Badge>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
