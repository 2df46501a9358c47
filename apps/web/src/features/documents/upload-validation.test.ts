import { LIMITS } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { DOCUMENT_ACCEPT, extensionOf, uploadTitle, validateDocumentFile } from "./upload-validation";

describe("validateDocumentFile", () => {
  it("lets the spec's types through, whatever the case of the extension", () => {
    for (const name of ["a.pdf", "b.doc", "c.docx", "d.jpg", "e.jpeg", "f.png", "Scan.PDF", "Foto.JPG"]) {
      expect(validateDocumentFile({ name, size: 1000 }), name).toBeNull();
    }
  });

  it("refuses other types with a German message naming the file", () => {
    const message = validateDocumentFile({ name: "notizen.txt", size: 10 });
    expect(message).toContain("„notizen.txt“");
    expect(message).toContain("Dieser Dateityp ist nicht erlaubt");
    expect(validateDocumentFile({ name: "setup.exe", size: 10 })).toContain("nicht erlaubt");
    expect(validateDocumentFile({ name: "pdf", size: 10 })).toContain("nicht erlaubt");
    expect(validateDocumentFile({ name: "bericht.pdf.exe", size: 10 })).toContain("nicht erlaubt");
    expect(validateDocumentFile({ name: "foto.webp", size: 10 })).toContain("nicht erlaubt");
  });

  it("refuses files over 20 MB and empty files, and takes exactly 20 MB", () => {
    expect(validateDocumentFile({ name: "gross.pdf", size: LIMITS.documentMaxBytes })).toBeNull();
    const tooLarge = validateDocumentFile({ name: "gross.pdf", size: LIMITS.documentMaxBytes + 1 });
    expect(tooLarge).toContain("zu groß");
    expect(tooLarge).toContain("höchstens 20 MB");
    expect(validateDocumentFile({ name: "riesig.pdf", size: 31_457_280 })).toContain("(30,0 MB)");
    expect(validateDocumentFile({ name: "leer.pdf", size: 0 })).toContain("leer");
  });
});

describe("upload helpers", () => {
  it("accepts exactly the spec's extensions in the picker", () => {
    expect(DOCUMENT_ACCEPT).toBe(".pdf,.doc,.docx,.jpg,.jpeg,.png");
  });

  it("reads extensions", () => {
    expect(extensionOf("a.tar.GZ")).toBe(".gz");
    expect(extensionOf(".pdf")).toBe("");
    expect(extensionOf("datei.")).toBe("");
  });

  it("titles the upload with the file name, cut to 200 characters", () => {
    expect(uploadTitle("Nachweis Hausrat.pdf")).toBe("Nachweis Hausrat.pdf");
    expect(Array.from(uploadTitle(`${"ä".repeat(250)}.pdf`))).toHaveLength(LIMITS.titleMax);
  });
});
