import { afterEach, describe, expect, it, vi } from "vitest";
import {
  dataUrlByteLength,
  fitWithin,
  formatFromDataUrl,
  isImageFile,
  isUserCancel,
  MAX_PHOTO_EDGE,
  photoFilename,
  processImageFile,
} from "./image-processing";

describe("fitWithin", () => {
  it("scales the long side down to 2048 px and keeps the aspect ratio", () => {
    expect(MAX_PHOTO_EDGE).toBe(2048);
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(4000, 4000)).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin(6000, 1000)).toEqual({ width: 2048, height: 341 });
  });

  it("never enlarges a small photo", () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(2048, 1)).toEqual({ width: 2048, height: 1 });
  });

  it("keeps at least one pixel on a very thin image", () => {
    expect(fitWithin(100_000, 10)).toEqual({ width: 2048, height: 1 });
  });

  it("honours another limit", () => {
    expect(fitWithin(1000, 500, 100)).toEqual({ width: 100, height: 50 });
  });

  it("refuses sizes that are not an image's", () => {
    expect(() => fitWithin(0, 100)).toThrow("Das Bild hat keine gültige Größe.");
    expect(() => fitWithin(Number.NaN, 100)).toThrow();
  });
});

describe("formatFromDataUrl", () => {
  it("reads the format from the data URL", () => {
    expect(formatFromDataUrl("data:image/jpeg;base64,/9j/")).toBe("jpeg");
    expect(formatFromDataUrl("data:image/png;base64,iVBOR")).toBe("png");
    expect(formatFromDataUrl("data:image/webp;base64,UklG")).toBe("webp");
    expect(formatFromDataUrl("data:image/JPG;base64,/9j/")).toBe("jpeg");
  });

  it("defaults to jpeg", () => {
    expect(formatFromDataUrl("")).toBe("jpeg");
    expect(formatFromDataUrl(null)).toBe("jpeg");
    expect(formatFromDataUrl("data:application/pdf;base64,JVBER")).toBe("jpeg");
    expect(formatFromDataUrl("not a data url")).toBe("jpeg");
  });
});

describe("dataUrlByteLength", () => {
  it("counts the decoded bytes", () => {
    expect(dataUrlByteLength(`data:image/png;base64,${btoa("abc")}`)).toBe(3);
    expect(dataUrlByteLength(`data:image/png;base64,${btoa("abcd")}`)).toBe(4);
    expect(dataUrlByteLength(`data:image/png;base64,${btoa("abcde")}`)).toBe(5);
    expect(dataUrlByteLength("no comma")).toBe(0);
  });
});

describe("photoFilename", () => {
  it("keeps the name and gives it the new extension", () => {
    expect(photoFilename("IMG_0042.HEIC", "jpeg")).toBe("IMG_0042.jpg");
    expect(photoFilename("C:\\fakepath\\zaehler.png", "jpeg")).toBe("zaehler.jpg");
    expect(photoFilename("bad.dach.png", "png")).toBe("bad.dach.png");
  });

  it("names a photo without a name by its time", () => {
    expect(photoFilename("", "jpeg", new Date(2026, 0, 2, 9, 5, 7))).toBe("foto-20260102-090507.jpg");
  });
});

describe("isImageFile", () => {
  it("accepts images and refuses everything else", () => {
    expect(isImageFile({ type: "image/jpeg", name: "a.jpg" })).toBe(true);
    expect(isImageFile({ type: "image/heic", name: "a.heic" })).toBe(true);
    expect(isImageFile({ type: "application/pdf", name: "a.pdf" })).toBe(false);
    expect(isImageFile({ type: "text/plain", name: "bild.jpg" })).toBe(false);
  });

  it("falls back to the extension when the browser gives no type", () => {
    expect(isImageFile({ type: "", name: "foto.JPEG" })).toBe(true);
    expect(isImageFile({ type: "", name: "vertrag.docx" })).toBe(false);
  });
});

describe("isUserCancel", () => {
  it("recognises a cancelled camera or picker", () => {
    expect(isUserCancel(new DOMException("The user aborted a request.", "AbortError"))).toBe(true);
    expect(isUserCancel(new Error("User cancelled photos app"))).toBe(true);
    expect(isUserCancel(new Error("Vorgang abgebrochen"))).toBe(true);
  });

  it("treats other failures as errors", () => {
    expect(isUserCancel(new Error("Das Bild konnte nicht gelesen werden."))).toBe(false);
    expect(isUserCancel(new DOMException("Permission denied", "NotAllowedError"))).toBe(false);
    expect(isUserCancel(null)).toBe(false);
  });
});

describe("processImageFile", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function fakeCanvas(dataUrl: string) {
    const context = { fillStyle: "", imageSmoothingQuality: "", fillRect: vi.fn(), drawImage: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(context as unknown as CanvasRenderingContext2D);
    const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue(dataUrl);
    return { context, toDataURL };
  }

  it("draws a 12 MP photo at 2048 px on the long side and re-encodes it as JPEG 0.9", async () => {
    const bitmap = { width: 4032, height: 3024, close: vi.fn() };
    const decode = vi.fn(async () => bitmap);
    vi.stubGlobal("createImageBitmap", decode);
    const { context, toDataURL } = fakeCanvas("data:image/jpeg;base64,/9j/AA==");
    const file = new File([new Uint8Array([1, 2, 3])], "IMG_0042.PNG", { type: "image/png" });

    const photo = await processImageFile(file);

    expect(decode).toHaveBeenCalledWith(file, { imageOrientation: "from-image" });
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 2048, 1536);
    expect(toDataURL).toHaveBeenCalledWith("image/jpeg", 0.9);
    expect(photo).toEqual({
      dataUrl: "data:image/jpeg;base64,/9j/AA==",
      format: "jpeg",
      filename: "IMG_0042.jpg",
      width: 2048,
      height: 1536,
    });
    expect(bitmap.close).toHaveBeenCalled();
  });

  it("takes the format from what the browser encoded", async () => {
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => ({ width: 10, height: 10, close: vi.fn() })),
    );
    fakeCanvas("data:image/png;base64,iVBORw0KGgo=");
    const photo = await processImageFile(new File(["x"], "klein.png", { type: "image/png" }));
    expect(photo).toMatchObject({ format: "png", filename: "klein.png", width: 10, height: 10 });
  });
});
