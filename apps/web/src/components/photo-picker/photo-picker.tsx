import { LIMITS, type PhotoUpload } from "@mieter-portal/contracts";
import { Camera, ImagePlus, LoaderCircle, X } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import {
  dataUrlByteLength,
  isImageFile,
  isUserCancel,
  type ProcessedPhoto,
  processImageFile,
} from "./image-processing";
import { photoTexts } from "./texts";

/** A photo ready to send: the spec's {dataUrl, format, filename} plus a key for the list. */
export interface PickedPhoto extends Required<Pick<PhotoUpload, "dataUrl">> {
  id: string;
  format: string;
  filename: string;
}

/** Spec section 9: the picker's default limit is 5 photos. */
export const DEFAULT_MAX_PHOTOS = 5;

export function toPhotoUpload({ dataUrl, format, filename }: PickedPhoto): PhotoUpload {
  return { dataUrl, format, filename };
}

let photoCounter = 0;
function newPhotoId(): string {
  photoCounter += 1;
  return `photo-${Date.now().toString(36)}-${photoCounter}`;
}

/** Phones get the camera directly (capture); elsewhere the file picker is enough. */
export function isPhoneDevice(): boolean {
  if (typeof navigator === "undefined") return false;
  const hinted = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  if (typeof hinted === "boolean") return hinted;
  return /Android|iPhone|iPod|Mobile/i.test(navigator.userAgent);
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return photoTexts.unknownError;
}

export interface PhotoPickerProps {
  /** Names the group and every button in it, e.g. 'Foto Wasserzähler'. */
  label: string;
  description?: string;
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  max?: number;
  disabled?: boolean;
  className?: string;
  /** Resizes and re-encodes one file; replaceable in tests (jsdom has no canvas). */
  processFile?: (file: File) => Promise<ProcessedPhoto>;
}

export function PhotoPicker({
  label,
  description,
  photos,
  onChange,
  max = DEFAULT_MAX_PHOTOS,
  disabled = false,
  className,
  processFile = processImageFile,
}: PhotoPickerProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const messageId = `${id}-message`;
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The async handler must append to the photos as they are when it finishes.
  const latestPhotos = useRef(photos);
  useEffect(() => {
    latestPhotos.current = photos;
  }, [photos]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [phone] = useState(isPhoneDevice);

  const room = Math.max(0, max - photos.length);
  const full = room === 0;

  const addFiles = async (files: File[]) => {
    // No file means the tenant cancelled the camera or picker: nothing to say.
    if (files.length === 0) return;
    const messages: string[] = [];
    const refused = files.find((file) => !isImageFile(file));
    if (refused) messages.push(photoTexts.notAnImage(refused.name));
    const images = files.filter(isImageFile);
    const accepted = images.slice(0, Math.max(0, max - latestPhotos.current.length));
    if (images.length > accepted.length) messages.push(photoTexts.tooMany(max));
    const added: PickedPhoto[] = [];
    if (accepted.length > 0) {
      setBusy(true);
      try {
        for (const file of accepted) {
          const processed = await processFile(file);
          if (dataUrlByteLength(processed.dataUrl) > LIMITS.photoMaxBytes) {
            messages.push(photoTexts.tooLarge);
            continue;
          }
          added.push({
            id: newPhotoId(),
            dataUrl: processed.dataUrl,
            format: processed.format,
            filename: processed.filename,
          });
        }
      } catch (error) {
        if (!isUserCancel(error)) {
          toast({
            variant: "destructive",
            title: photoTexts.cameraErrorTitle,
            description: photoTexts.cameraError(errorMessage(error)),
          });
        }
      } finally {
        setBusy(false);
      }
    }
    if (added.length > 0) onChange([...latestPhotos.current, ...added].slice(0, max));
    setMessage(messages.length > 0 ? messages.join(" ") : null);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so the same photo can be picked again after removing it.
    event.target.value = "";
    void addFiles(files);
  };

  const remove = (photoId: string) => {
    setMessage(null);
    onChange(photos.filter((photo) => photo.id !== photoId));
  };

  const describedBy = [description ? descriptionId : null, message ? messageId : null].filter(Boolean).join(" ");
  const chooseText = max - photos.length > 1 ? photoTexts.choosePhotos : photoTexts.choosePhoto;

  return (
    <fieldset aria-describedby={describedBy || undefined} className={cn("grid grid-cols-1 min-w-0 gap-2", className)}>
      {/* The legend names the group for assistive technology; the row shows it with the counter. */}
      <legend className="sr-only">{label}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-medium">
          {label}
        </span>
        <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="photo-counter">
          <span aria-hidden="true">{photoTexts.counter(photos.length, max)}</span>
          <span className="sr-only">{photoTexts.counterLabel(photos.length, max)}</span>
        </span>
      </div>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative overflow-hidden rounded-lg border border-border bg-muted">
              <img
                src={photo.dataUrl}
                alt={photoTexts.previewAlt(index + 1, photo.filename)}
                className="aspect-square w-full object-cover"
              />
              <button
                type="button"
                onClick={() => remove(photo.id)}
                disabled={disabled}
                aria-label={photoTexts.remove(index + 1, photo.filename)}
                className="absolute top-1 right-1 flex size-9 items-center justify-center rounded-full border border-border bg-card text-foreground shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <div className="flex flex-wrap gap-2">
          {phone ? (
            <Button
              variant="outline"
              disabled={disabled || busy}
              aria-label={photoTexts.actionLabel(photoTexts.takePhoto, label)}
              onClick={() => cameraInput.current?.click()}
            >
              <Camera aria-hidden="true" />
              {photoTexts.takePhoto}
            </Button>
          ) : null}
          <Button
            variant="outline"
            disabled={disabled || busy}
            aria-label={photoTexts.actionLabel(chooseText, label)}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus aria-hidden="true" />
            {chooseText}
          </Button>
        </div>
      )}
      {phone ? (
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onInputChange}
          data-testid="photo-camera-input"
        />
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple={room > 1}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onInputChange}
        data-testid="photo-file-input"
      />
      {busy ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {photoTexts.processing}
        </p>
      ) : null}
      {message ? (
        <p id={messageId} role="alert" className="text-sm text-destructive-text">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
