import type { PhotoUpload } from "@mieter-portal/contracts";

/**
 * Photos are made small on the device before they are queued (as the tenant app does, DESIGN
 * decision 9): at most 2048 px on the long side, JPEG quality 0.9, EXIF orientation respected.
 */
export const MAX_PHOTO_EDGE = 2048;
const JPEG_QUALITY = 0.9;

/** The size that fits within maxEdge on the long side, keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, maxEdge = MAX_PHOTO_EDGE) {
  const longest = Math.max(width, height);
  if (longest <= maxEdge) return { width: Math.round(width), height: Math.round(height) };
  const scale = maxEdge / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export class PhotoError extends Error {
  override readonly name = "PhotoError";
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; done(): void }> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, done: () => bitmap.close() };
    } catch {
      // some formats decode only through <img>
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new PhotoError("Das Bild konnte nicht gelesen werden.");
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    done: () => URL.revokeObjectURL(url),
  };
}

/** Decodes a picked image, scales it down and re-encodes it as a JPEG data URL, ready for the queue. */
export async function resizePhoto(file: File): Promise<PhotoUpload> {
  const image = await decode(file);
  try {
    const size = fitWithin(image.width, image.height);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) throw new PhotoError("Das Bild konnte nicht verkleinert werden.");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(image.source, 0, 0, size.width, size.height);
    const dataUrl = canvas.toDataURL("image/jpeg", JPEG_QUALITY);
    if (!dataUrl.startsWith("data:image/")) throw new PhotoError("Das Bild konnte nicht umgewandelt werden.");
    const base = file.name.replace(/\.[^.]*$/, "").trim() || "foto";
    return { dataUrl, format: "jpeg", filename: `${base}.jpg` };
  } finally {
    image.done();
  }
}
