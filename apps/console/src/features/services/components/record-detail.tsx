import type { ServiceRecord } from "@mieter-portal/contracts/services";
import { Badge } from "@mieter-portal/ui/badge";
import { Check, X } from "lucide-react";
import { Link } from "react-router";
import { DetailList, Section } from "@/components/page";
import { PhotoGallery } from "@/components/photo-gallery";
import { paths } from "@/config/paths";
import { formatDateTime, formatNumber } from "@/lib/format";
import { SERVICES_TEXTS } from "../texts";

/** "am Objekt" as a result only (decision 042): yes/no, distance and accuracy, never coordinates. */
function locationText(location: ServiceRecord["location"]): string {
  if (location.on_site === null) return "nicht geprüft (keine Position gesendet oder Lage des Hauses unbekannt)";
  const distance = location.distance_m === null ? "" : `, ${formatNumber(location.distance_m)} m entfernt`;
  const accuracy = location.accuracy_m === null ? "" : ` (Genauigkeit ± ${formatNumber(location.accuracy_m)} m)`;
  return `${location.on_site ? "am Objekt" : "nicht am Objekt"}${distance}${accuracy}`;
}

function conditionsText(c: NonNullable<ServiceRecord["conditions"]>): string {
  const parts = [c.snow ? "Schnee" : "kein Schnee", c.ice ? "Glätte" : "keine Glätte"];
  if (c.temperature_c !== null) parts.push(`${formatNumber(c.temperature_c)} °C`);
  return parts.join(", ");
}

const both = (device: string | null, server: string | null) =>
  device ? `${formatDateTime(device)} (Gerät) · ${server ? formatDateTime(server) : "–"} (Server)` : "–";

/** A record of an Einsatz as the proof shows it: times on both clocks, location result, checklist, hash. */
export function RecordDetail({ record }: { record: ServiceRecord }) {
  const before = record.photos.filter((p) => p.kind === "before");
  const after = record.photos.filter((p) => p.kind === "after");
  const photoLabel = (photo: ServiceRecord["photos"][number]) =>
    photo.kind === "before" ? `Vorher-Foto ${before.indexOf(photo) + 1}` : `Nachher-Foto ${after.indexOf(photo) + 1}`;
  return (
    <div className="grid gap-4">
      <Section title="Einsatz" headingId="record-heading">
        <DetailList
          items={[
            {
              term: "Stand",
              value: record.content_hash ? (
                <Badge tone="success">abgeschlossen und versiegelt</Badge>
              ) : (
                <Badge tone="warning">läuft</Badge>
              ),
            },
            {
              term: "Wer",
              value: `${record.crew.first_name}${record.crew.team ? ` (${record.crew.team})` : ""}`,
            },
            { term: "Beginn", value: both(record.started_at, record.started_at_server) },
            { term: "Ende", value: both(record.finished_at, record.finished_at_server) },
            { term: "Standort", value: locationText(record.location) },
            ...(record.conditions ? [{ term: "Bedingungen", value: conditionsText(record.conditions) }] : []),
            { term: "Bemerkung", value: record.remark || "–" },
          ]}
        />
        <p className="mt-3 text-xs text-muted-foreground">{SERVICES_TEXTS.locationNever}</p>
      </Section>
      <Section title="Checkliste" headingId="checklist-heading">
        {record.checklist.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine Punkte erfasst.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {record.checklist.map((entry) => (
              <li key={entry.item} className="flex items-start gap-2">
                {entry.done ? (
                  <Check className="mt-0.5 size-4 shrink-0 text-success-soft-foreground" aria-hidden="true" />
                ) : (
                  <X className="mt-0.5 size-4 shrink-0 text-destructive-text" aria-hidden="true" />
                )}
                <span>
                  {entry.item}
                  <span className="sr-only">{entry.done ? ": erledigt" : ": nicht erledigt"}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Material" headingId="materials-heading">
        {record.materials.length === 0 ? (
          <p className="text-sm text-muted-foreground">Kein Material erfasst.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {record.materials.map((m) => (
              <li key={`${m.name}-${m.unit}`}>
                {m.name}: {formatNumber(m.amount)} {m.unit}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Fotos" headingId="photos-heading">
        {record.photos.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine Fotos.</p>
        ) : (
          <div className="grid gap-3 text-sm">
            <p className="text-muted-foreground">
              {before.length} vorher, {after.length} nachher. Die Prüfsumme je Foto geht in die Prüfsumme des Einsatzes
              ein.
            </p>
            <PhotoGallery
              photos={[...before, ...after].map((photo) => ({
                id: photo.id,
                filename: photoLabel(photo),
                path: `/staff/service-records/${record.id}/photos/${photo.id}`,
              }))}
              labelOf={(photo) => photo.filename}
            />
            <ul className="grid gap-1">
              {[...before, ...after].map((photo) => (
                <li key={photo.id} className="grid gap-0.5">
                  <span>{photoLabel(photo)}</span>
                  <code className="text-xs break-all text-muted-foreground">SHA-256 {photo.sha256}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Section>
      <Section title="Prüfsumme und Korrekturen" headingId="hash-heading">
        <DetailList
          items={[
            {
              term: "Prüfsumme (SHA-256)",
              value: record.content_hash ? (
                <code className="break-all">{record.content_hash}</code>
              ) : (
                "entsteht beim Abschluss"
              ),
            },
            {
              term: "Korrektur",
              value: record.corrects_record_id ? (
                <>
                  Korrigiert{" "}
                  <Link to={paths.serviceRecord(record.corrects_record_id)} className="text-link underline">
                    den früheren Eintrag
                  </Link>
                  {record.correction_reason ? `: ${record.correction_reason}` : ""}
                </>
              ) : (
                "Originaleintrag"
              ),
            },
          ]}
        />
      </Section>
    </div>
  );
}
