import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import type { ProcessedPhoto } from "./image-processing";
import { PhotoPicker, type PickedPhoto } from "./photo-picker";

function processed(name: string): ProcessedPhoto {
  return {
    dataUrl: `data:image/jpeg;base64,${btoa(name)}`,
    format: "jpeg",
    filename: name.replace(/\.[^.]+$/, ".jpg"),
    width: 10,
    height: 10,
  };
}

function Harness({
  max,
  processFile = async (file: File) => processed(file.name),
  onChange,
}: {
  max?: number;
  processFile?: (file: File) => Promise<ProcessedPhoto>;
  onChange?: (photos: PickedPhoto[]) => void;
}) {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  return (
    <>
      <PhotoPicker
        label="Fotos"
        max={max}
        photos={photos}
        onChange={(next) => {
          onChange?.(next);
          setPhotos(next);
        }}
        processFile={processFile}
      />
      <Toaster />
    </>
  );
}

const image = (name: string) => new File(["pixels"], name, { type: "image/png" });

function fileInput(): HTMLInputElement {
  return screen.getByTestId("photo-file-input") as HTMLInputElement;
}

describe("PhotoPicker", () => {
  // The toast store outlives a test; close what an earlier test left open.
  beforeEach(() => dismissToast());

  it("adds resized photos as {dataUrl, format, filename} with previews and the n/max counter", async () => {
    const onChange = vi.fn();
    const processFile = vi.fn(async (file: File) => processed(file.name));
    render(<Harness max={3} onChange={onChange} processFile={processFile} />);
    expect(screen.getByRole("group", { name: "Fotos" })).toBeInTheDocument();
    expect(screen.getByTestId("photo-counter")).toHaveTextContent("0/3");
    expect(fileInput()).toHaveAttribute("accept", "image/*");
    // Not a phone: the plain file picker, no camera capture.
    expect(fileInput()).not.toHaveAttribute("capture");
    expect(screen.queryByTestId("photo-camera-input")).not.toBeInTheDocument();

    await userEvent.upload(fileInput(), [image("bad.png"), image("kueche.png")]);

    expect(await screen.findByRole("img", { name: "Foto 2: kueche.jpg" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Foto 1: bad.jpg" })).toHaveAttribute("src", processed("bad.png").dataUrl);
    expect(processFile).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId("photo-counter")).toHaveTextContent("2/3");
    expect(onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ dataUrl: processed("bad.png").dataUrl, format: "jpeg", filename: "bad.jpg" }),
      expect.objectContaining({ filename: "kueche.jpg" }),
    ]);
  });

  it("removes a photo with its labelled button", async () => {
    render(<Harness max={3} />);
    await userEvent.upload(fileInput(), [image("a.png"), image("b.png")]);
    await userEvent.click(await screen.findByRole("button", { name: "Foto 1 entfernen (a.jpg)" }));
    expect(screen.queryByRole("img", { name: /a\.jpg/ })).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Foto 1: b.jpg" })).toBeInTheDocument();
    expect(screen.getByTestId("photo-counter")).toHaveTextContent("1/3");
  });

  it("refuses files that are not images with a German message", async () => {
    const onChange = vi.fn();
    const processFile = vi.fn(async (file: File) => processed(file.name));
    render(<Harness max={3} onChange={onChange} processFile={processFile} />);
    const pdf = new File(["%PDF"], "vertrag.pdf", { type: "application/pdf" });
    await userEvent.upload(fileInput(), pdf, { applyAccept: false });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "„vertrag.pdf“ ist kein Bild. Bitte wählen Sie ein Foto (z. B. JPEG oder PNG).",
    );
    expect(processFile).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId("photo-counter")).toHaveTextContent("0/3");
  });

  it("takes no more than the limit and says so; a full picker offers no more buttons", async () => {
    render(<Harness max={3} />);
    await userEvent.upload(fileInput(), [image("1.png"), image("2.png"), image("3.png"), image("4.png")]);
    expect(await screen.findByRole("alert")).toHaveTextContent("Es sind höchstens 3 Fotos möglich.");
    const previews = within(screen.getByRole("group", { name: "Fotos" })).getAllByRole("img");
    expect(previews).toHaveLength(3);
    expect(screen.getByTestId("photo-counter")).toHaveTextContent("3/3");
    expect(screen.queryByRole("button", { name: /auswählen/ })).not.toBeInTheDocument();
  });

  it("names its buttons after the picker, so several pickers on a page stay apart", () => {
    render(<Harness max={1} />);
    expect(screen.getByRole("button", { name: "Fotos: Foto auswählen" })).toBeInTheDocument();
  });

  it("shows 'Fehler bei der Kamera: …' when a photo cannot be processed", async () => {
    const processFile = vi.fn(async () => {
      throw new Error("Das Bild konnte nicht gelesen werden.");
    });
    render(<Harness processFile={processFile} />);
    await userEvent.upload(fileInput(), image("kaputt.png"));
    expect(await screen.findByText("Fehler bei der Kamera: Das Bild konnte nicht gelesen werden.")).toBeInTheDocument();
    expect(screen.getByTestId("photo-counter")).toHaveTextContent("0/5");
  });

  it("stays silent when the tenant cancels the camera", async () => {
    const processFile = vi.fn(async () => {
      throw new DOMException("cancelled", "AbortError");
    });
    render(<Harness processFile={processFile} />);
    await userEvent.upload(fileInput(), image("abgebrochen.png"));
    await waitFor(() => expect(processFile).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText("Foto wird verarbeitet...")).not.toBeInTheDocument());
    expect(screen.queryByText(/Fehler bei der Kamera/)).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("offers the camera on phones", () => {
    const userAgent = vi
      .spyOn(window.navigator, "userAgent", "get")
      .mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148");
    render(<Harness max={3} />);
    expect(screen.getByTestId("photo-camera-input")).toHaveAttribute("capture", "environment");
    expect(screen.getByRole("button", { name: "Fotos: Foto aufnehmen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Fotos: Fotos auswählen" })).toBeInTheDocument();
    userAgent.mockRestore();
  });
});
