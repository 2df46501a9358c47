import { METER_UNITS, type MeterReading } from "@mieter-portal/contracts";
import { History } from "lucide-react";
import type { ReactNode } from "react";
import { AuthorisedPhotoThumbnail } from "@/components/photo-picker/authorised-photo";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate, formatShortDate, formatTime } from "@/lib/format";
import { formatMeterValue } from "../german-number";
import { METER_KINDS } from "../meter-form";
import { meterTexts } from "../texts";

const VALUE_FIELD = {
  water: "water_reading",
  electricity: "electricity_reading",
  heating: "heating_reading",
} as const;

function ReadingItem({ reading }: { reading: MeterReading }) {
  const t = meterTexts.history;
  const date = formatDate(reading.reading_date);
  return (
    <li className="rounded-xl bg-muted/60 p-3" data-testid="meter-reading">
      <h3 className="text-sm font-semibold">{t.readingOf(date)}</h3>
      <p className="text-xs text-muted-foreground">
        {t.submittedAt(formatShortDate(reading.submitted_at), formatTime(reading.submitted_at))}
      </p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        {METER_KINDS.map((meter) => {
          const value = reading[VALUE_FIELD[meter]];
          return (
            <div key={meter} className="min-w-0">
              <dt className="text-xs text-muted-foreground">{meterTexts.meters[meter].name}</dt>
              <dd className="font-medium tabular-nums break-words" data-testid={`reading-${meter}`}>
                {value === null ? (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">{t.notGiven}</span>
                  </>
                ) : (
                  formatMeterValue(value, METER_UNITS[meter])
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {reading.photos.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t.photos}>
          {reading.photos.map((photo) => {
            const alt = t.photoAlt(meterTexts.meters[photo.meter].name, date);
            return (
              <li key={photo.id}>
                <AuthorisedPhotoThumbnail url={photo.url} alt={alt} title={alt} className="size-16" />
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

/** 'Letzte Zählerstände': the tenant's real history, newest first; `more` loads older pages. */
export function MeterReadingHistory({ readings, more }: { readings: MeterReading[]; more?: ReactNode }) {
  const t = meterTexts.history;
  return (
    <Card aria-labelledby="meter-history-title">
      <CardHeader>
        <CardTitle id="meter-history-title" className="flex items-center gap-2 text-lg">
          <History className="size-5 text-primary" aria-hidden="true" />
          {t.title}
        </CardTitle>
      </CardHeader>
      {readings.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {readings.map((reading) => (
            <ReadingItem key={reading.id} reading={reading} />
          ))}
        </ul>
      )}
      {more}
    </Card>
  );
}
