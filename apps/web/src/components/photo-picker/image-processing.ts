/**
 * Photos are made small on the device before they are queued or sent (DESIGN decision 9):
 * at most 2048 px on the long side, re-encoded as JPEG with quality 0.9 (spec: quality 90).
 */
export const MAX_PHOTO_EDGE = 2048;
export const JPEG_QUALITY = 0.9;
/** Spec section 5: the format comes from the data URL, default jpeg. */
export const DEFAULT_PHOTO_FORMAT = "jpeg";

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif|bmp|heic|heif|avif|tiff?)$/i;

export class PhotoProcessingError extends Error {
  override readonly name = "PhotoProcessingError";
}

/** The size that fits within maxEdge on the long side, keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, maxEdge: number = MAX_PHOTO_EDGE) {
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new PhotoProcessingError("Das Bild hat keine gültige Größe.");
  }
  const longest = Math.max(width, height);
  if (longest <= maxEdge) return { width: Math.round(width), height: Math.round(height) };
  const scale = maxEdge / longest;
  return {
    width: Math.min(maxEdge, Math.max(1, Math.round(width * scale))),
    height: Math.min(maxEdge, Math.max(1, Math.round(height * scale))),
  };
}

/** 'jpeg', 'png', 'webp' … from `data:image/<format>;base64,…`; 'jpeg' when the URL names none. */
export function formatFromDataUrl(dataUrl: string | null | undefined): string {
  const match = /^data:image\/([a-z0-9.+-]+)[;,]/i.exec(dataUrl ?? "");
  if (!match) return DEFAULT_PHOTO_FORMAT;
  const format = match[1]!.toLowerCase();
  return format === "jpg" ? "jpeg" : format;
}

/** Bytes a base64 data URL decodes to. */
export function dataUrlByteLength(dataUrl: string): number {
  const comma = dataUrl.indexOf(",");
  if (comma < 0) return 0;
  const base64 = dataUrl.slice(comma + 1).replace(/\s+/g, "");
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** The file name the photo travels with: the original name without folders, with the new extension. */
export function photoFilename(originalName: string | null | undefined, format: string, now: Date = new Date()): string {
  const extension = format === "jpeg" ? "jpg" : format.replace(/[^a-z0-9]/gi, "") || "jpg";
  const base = (originalName ?? "")
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, "")
    .trim();
  if (base) return `${base}.${extension}`;
  const pad = (n: number) => String(n).padStart(2, "0");
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `foto-${stamp}.${extension}`;
}

/** Images only: by MIME type, or by extension when the browser gives no type (some phones). */
export function isImageFile(file: { type: string; name: string }): boolean {
  if (file.type) return file.type.toLowerCase().startsWith("image/");
  return IMAGE_EXTENSIONS.test(file.name);
}

/** A cancelled camera or picker is not an error the tenant needs to hear about (spec section 8). */
export function isUserCancel(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "AbortError") return true;
  return typeof message === "string" && /cancel|abgebrochen/i.test(message);
}

export interface ProcessedPhoto {
  dataUrl: string;
  format: string;
  filename: string;
  width: number;
  height: number;
}

interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

async function decodeWithImageElement(file: Blob): Promise<DecodedImage> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new PhotoProcessingError("Das Bild konnte nicht gelesen werden.");
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

async function decode(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === "function") {
    try {
      // Respects the EXIF orientation, so phone photos are not turned sideways.
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Some browsers decode a format only through <img>; try that before giving up.
    }
  }
  return decodeWithImageElement(file);
}

/** Decodes the picked image, scales it to ≤ 2048 px and re-encodes it as JPEG 0.9 on the device. */
export async function processImageFile(
  file: File,
  { maxEdge = MAX_PHOTO_EDGE, quality = JPEG_QUALITY }: { maxEdge?: number; quality?: number } = {},
): Promise<ProcessedPhoto> {
  const image = await decode(file);
  try {
    const size = fitWithin(image.width, image.height, maxEdge);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) throw new PhotoProcessingError("Das Bild konnte nicht verkleinert werden.");
    // JPEG has no transparency: transparent PNG areas become white instead of black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = "high";
    context.drawImage(image.source, 0, 0, size.width, size.height);
    const dataUrl = canvas.toDataURL("image/jpeg", quality);
    if (!dataUrl.startsWith("data:image/")) throw new PhotoProcessingError("Das Bild konnte nicht umgewandelt werden.");
    const format = formatFromDataUrl(dataUrl);
    return { dataUrl, format, filename: photoFilename(file.name, format), ...size };
  } finally {
    image.release();
  }
}
