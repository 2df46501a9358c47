import { ImageOff } from "lucide-react";
import { useEffect, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { loadPhotoBlob } from "./photo-blob-cache";
import { photoTexts } from "./texts";

type PhotoState = { status: "loading" } | { status: "ready"; src: string } | { status: "failed" };

/** An object URL for a photo of the authorised photo endpoint; revoked when no longer shown. */
export function useAuthorisedPhoto(url: string): PhotoState {
  const [state, setState] = useState<PhotoState>({ status: "loading" });
  useEffect(() => {
    let active = true;
    let objectUrl: string | null = null;
    setState({ status: "loading" });
    loadPhotoBlob(url).then(
      (blob) => {
        if (!active) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ status: "ready", src: objectUrl });
      },
      () => {
        if (active) setState({ status: "failed" });
      },
    );
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

function PhotoImage({ state, alt, className }: { state: PhotoState; alt: string; className?: string }) {
  if (state.status === "ready") {
    return <img src={state.src} alt={alt} className={cn("bg-muted object-cover", className)} />;
  }
  if (state.status === "failed") {
    return (
      <span
        role="img"
        aria-label={`${alt} (${photoTexts.photoUnavailable})`}
        className={cn("flex items-center justify-center bg-muted text-muted-foreground", className)}
      >
        <ImageOff className="size-5" aria-hidden="true" />
      </span>
    );
  }
  return (
    <span
      role="img"
      aria-label={`${alt} (${photoTexts.loadingPhoto})`}
      aria-busy="true"
      className={cn("block animate-pulse bg-muted", className)}
    />
  );
}

/** A small stored photo that opens large in a dialog. */
export function AuthorisedPhotoThumbnail({
  url,
  alt,
  title,
  className,
}: {
  url: string;
  alt: string;
  /** Heading of the enlarged view. */
  title: string;
  className?: string;
}) {
  const state = useAuthorisedPhoto(url);
  return (
    <Dialog>
      <DialogTrigger
        aria-label={photoTexts.enlarge(alt)}
        disabled={state.status !== "ready"}
        className={cn(
          "block overflow-hidden rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          className,
        )}
      >
        <PhotoImage state={state} alt={alt} className="size-full" />
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{alt}</DialogDescription>
        </DialogHeader>
        <PhotoImage state={state} alt={alt} className="max-h-[70dvh] w-full rounded-lg object-contain" />
      </DialogContent>
    </Dialog>
  );
}
