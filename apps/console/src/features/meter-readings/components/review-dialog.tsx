import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError, Loading } from "@/components/page";
import { PhotoGallery } from "@/components/photo-gallery";
import { formatCalendarDate } from "@/lib/format";
import { METER_LABELS } from "@/lib/labels";
import { meterReadingQueryOptions } from "../api";
import { ReadingTable } from "./reading-table";
import { ReviewActions } from "./review-actions";

function ReadingReview({ readingId }: { readingId: string }) {
  const reading = useQuery(meterReadingQueryOptions(readingId));
  if (reading.isPending) return <Loading />;
  if (reading.isError) return <LoadError error={reading.error} onRetry={() => reading.refetch()} />;
  const r = reading.data;
  return (
    <div className="grid gap-6">
      <ReadingTable reading={r} />
      {r.photos.length > 0 ? (
        <PhotoGallery
          photos={r.photos}
          labelOf={(photo) => {
            const meter = r.photos.find((p) => p.id === photo.id)?.meter;
            return meter ? `Foto Zähler ${METER_LABELS[meter].label}` : "Foto";
          }}
        />
      ) : null}
      <ReviewActions reading={r} />
    </div>
  );
}

/**
 * A tenant's reading in a campaign, checked in place: values against the last reading, photos, and
 * the reading's own accept / ask-again actions. Closing refreshes the campaign.
 */
export function ReviewDialog({
  readingId,
  tenantName,
  readingDate,
}: {
  readingId: string;
  tenantName: string;
  readingDate: string;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) void queryClient.invalidateQueries({ queryKey: ["staff", "meter_campaigns"] });
    else void queryClient.invalidateQueries({ queryKey: meterReadingQueryOptions(readingId).queryKey });
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onOpenChange(true)}
        aria-label={`Zählerstand von ${tenantName} prüfen`}
      >
        Prüfen
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Zählerstand von {tenantName}</DialogTitle>
          <DialogDescription>Abgelesen am {formatCalendarDate(readingDate)}</DialogDescription>
        </DialogHeader>
        {open ? <ReadingReview readingId={readingId} /> : null}
      </DialogContent>
    </Dialog>
  );
}
