import type { PhotoUpload } from "@mieter-portal/contracts";
import { SERVICE_RECORD_MAX_PHOTOS } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Camera, X } from "lucide-react";
import { useId, useState } from "react";
import { PhotoError, resizePhoto } from "@/lib/photos";

/** Up to three photos, taken or picked, made small on the device before they are queued. */
export function PhotoPicker({
  label,
  photos,
  onChange,
}: {
  label: string;
  photos: PhotoUpload[];
  onChange: (photos: PhotoUpload[]) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = photos.length >= SERVICE_RECORD_MAX_PHOTOS;

  async function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    setBusy(true);
    setError(null);
    const added: PhotoUpload[] = [];
    try {
      for (const file of [...files].slice(0, SERVICE_RECORD_MAX_PHOTOS - photos.length)) {
        added.push(await resizePhoto(file));
      }
    } catch (cause) {
      setError(cause instanceof PhotoError ? cause.message : "Das Foto konnte nicht verarbeitet werden.");
    } finally {
      setBusy(false);
      if (added.length > 0) onChange([...photos, ...added]);
    }
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-medium">
        {label} ({photos.length} von {SERVICE_RECORD_MAX_PHOTOS})
      </legend>
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {photos.map((photo, index) => (
            <li key={`${photo.dataUrl.length}-${photo.dataUrl.slice(-24)}`} className="relative">
              <img
                src={photo.dataUrl}
                alt={`${label}: Foto ${index + 1}`}
                className="size-24 rounded-lg border border-border object-cover"
              />
              <Button
                variant="outline"
                size="icon"
                className="absolute -top-2 -right-2 size-11 rounded-full"
                aria-label={`${label}: Foto ${index + 1} entfernen`}
                onClick={() => onChange(photos.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <label
        htmlFor={id}
        className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-border bg-card px-4 font-medium ${full || busy ? "opacity-60" : "cursor-pointer hover:bg-muted"}`}
      >
        <Camera aria-hidden="true" className="size-5" />
        {busy ? "Foto wird verkleinert …" : full ? "Höchstens 3 Fotos" : "Foto aufnehmen oder wählen"}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        disabled={full || busy}
        className="sr-only"
        onChange={(event) => {
          void add(event.target.files);
          event.target.value = "";
        }}
      />
      {error ? (
        <p role="alert" className="text-destructive-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
