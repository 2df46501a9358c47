import type { PhotoInfo } from "@mieter-portal/contracts";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@mieter-portal/ui/dialog";
import { useQuery } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { useEffect, useState } from "react";
import { apiBlob } from "@/lib/api-client";

/** A photo fetched with the bearer header (an <img src> cannot send it) and shown from a blob URL. */
function usePhotoUrl(path: string): { url: string | null; failed: boolean } {
  const blob = useQuery({
    queryKey: ["staff", "photo", path],
    queryFn: ({ signal }) => apiBlob(path, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return { url, failed: blob.isError };
}

/** What a thumbnail needs of a photo: where its bytes are (an authorised API path) and its file name. */
type ShownPhoto = Pick<PhotoInfo, "id" | "filename"> & { path?: string };

function Thumb({ photo, label }: { photo: ShownPhoto; label: string }) {
  const { url, failed } = usePhotoUrl(photo.path ?? `/staff/photos/${photo.id}`);
  const [open, setOpen] = useState(false);
  if (failed)
    return (
      <div className="flex size-32 flex-col items-center justify-center gap-1 rounded-lg bg-muted p-2 text-center text-xs text-muted-foreground">
        <ImageOff className="size-5" aria-hidden="true" />
        Foto nicht verfügbar
      </div>
    );
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="size-32 overflow-hidden rounded-lg border border-border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={`${label} vergrößern`}
      >
        {url ? <img src={url} alt="" className="size-full object-cover" /> : null}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-3xl">
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{photo.filename}</DialogDescription>
          {url ? <img src={url} alt={label} className="max-h-[70dvh] w-full rounded-lg object-contain" /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

export function PhotoGallery({
  photos,
  labelOf,
}: {
  photos: ShownPhoto[];
  labelOf?: (photo: ShownPhoto, index: number) => string;
}) {
  if (photos.length === 0) return <p className="text-sm text-muted-foreground">Keine Fotos.</p>;
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Fotos">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <Thumb photo={photo} label={labelOf?.(photo, index) ?? `Foto ${index + 1}`} />
        </li>
      ))}
    </ul>
  );
}
