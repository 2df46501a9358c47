import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { DetailList, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { PhotoGallery } from "@/components/photo-gallery";
import { paths } from "@/config/paths";
import { meterReadingQueryOptions } from "@/features/meter-readings/api";
import { ReadingTable } from "@/features/meter-readings/components/reading-table";
import { ReviewActions } from "@/features/meter-readings/components/review-actions";
import { formatCalendarDate, formatDateTime } from "@/lib/format";
import { METER_LABELS } from "@/lib/labels";

export function Component() {
  const { id = "" } = useParams();
  const reading = useQuery(meterReadingQueryOptions(id));
  useDocumentTitle("Zählerstand");
  const back = { to: paths.inbox, label: "Zum Eingang" };
  if (reading.isPending) return <Loading />;
  if (reading.isError)
    return (
      <>
        <PageHeader title="Zählerstand" back={back} />
        <LoadError error={reading.error} onRetry={() => reading.refetch()} />
      </>
    );
  const r = reading.data;
  return (
    <>
      <PageHeader
        title={`Zählerstand vom ${formatCalendarDate(r.reading_date)}`}
        back={back}
        description={
          r.lower_than_previous.length > 0 ? "Mindestens ein Wert ist niedriger als die letzte Ablesung." : undefined
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <Section title="Werte" headingId="reading-values">
            <ReadingTable reading={r} />
          </Section>
          <Section title="Fotos" headingId="reading-photos">
            <PhotoGallery
              photos={r.photos}
              labelOf={(photo) => {
                const meter = r.photos.find((p) => p.id === photo.id)?.meter;
                return meter ? `Foto Zähler ${METER_LABELS[meter].label}` : "Foto";
              }}
            />
          </Section>
        </div>
        <div className="grid content-start gap-6">
          <Section title="Mieter" headingId="reading-tenant">
            <DetailList
              items={[
                {
                  term: "Name",
                  value: (
                    <Link to={paths.tenant(r.tenant.id)} className="text-link underline">
                      {r.tenant.name}
                    </Link>
                  ),
                },
                {
                  term: "Wohnung",
                  value:
                    [r.tenant.building?.name, r.tenant.unit ? `Whg. ${r.tenant.unit}` : null]
                      .filter(Boolean)
                      .join(", ") || "–",
                },
                { term: "Gesendet", value: formatDateTime(r.submitted_at) },
              ]}
            />
          </Section>
          <Section title="Prüfung" headingId="reading-review">
            <ReviewActions reading={r} />
          </Section>
        </div>
      </div>
    </>
  );
}
