import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/api/errors";
import { clearSession, writeSession } from "@/lib/session";
import { fileNameFromDisposition, openDocumentInNewTab } from "./download-document";

function fakeTab() {
  const doc = document.implementation.createHTMLDocument("");
  return { document: doc, location: { href: "about:blank" }, opener: window as unknown, closed: false, close: vi.fn() };
}

let createObjectURL: ReturnType<typeof vi.fn>;
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  createObjectURL = vi.fn(() => "blob:http://localhost/1234");
  URL.createObjectURL = createObjectURL as unknown as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe("fileNameFromDisposition", () => {
  it("prefers the UTF-8 name and falls back to the plain one", () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Mietvertrag_Lindenstrasse.pdf"; filename*=UTF-8''Mietvertrag_Lindenstra%C3%9Fe.pdf`,
      ),
    ).toBe("Mietvertrag_Lindenstraße.pdf");
    expect(fileNameFromDisposition(`attachment; filename="Hausordnung.pdf"`)).toBe("Hausordnung.pdf");
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe("openDocumentInNewTab", () => {
  it("opens the tab inside the click, fetches with the bearer token and points the tab at the file", async () => {
    writeSession("tok");
    const tab = fakeTab();
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(new Blob(["%PDF-1.4"], { type: "application/pdf" }), {
          status: 200,
          headers: { "Content-Type": "application/pdf" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);

    const done = openDocumentInNewTab("/api/v1/tenant/documents/d1/file", {
      loadingText: "Dokument wird geladen...",
      fallbackName: "Mietvertrag",
    });
    // Synchronously, before the file has arrived: no popup blocker can object.
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.document.body.textContent).toBe("Dokument wird geladen...");
    await done;

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/v1/tenant/documents/d1/file");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer tok");
    expect((createObjectURL.mock.calls[0]![0] as Blob).type).toBe("application/pdf");
    expect(tab.location.href).toBe("blob:http://localhost/1234");
    expect(tab.opener).toBeNull();
  });

  it("closes the tab and rejects with the API error when the file cannot be fetched", async () => {
    const tab = fakeTab();
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify({ error: "not_found", message: "Nicht gefunden." }), { status: 404 }),
      ),
    );
    const error = await openDocumentInNewTab("/api/v1/tenant/documents/x/file", {
      loadingText: "…",
      fallbackName: "x",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
    expect(tab.close).toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it("saves files a tab cannot show under the server's name and closes the tab", async () => {
    const tab = fakeTab();
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(new Blob(["PK"], { type: docx }), {
            status: 200,
            headers: { "Content-Type": docx, "Content-Disposition": `attachment; filename="Brief.docx"` },
          }),
      ),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await openDocumentInNewTab("/api/v1/tenant/documents/w/file", { loadingText: "…", fallbackName: "Brief" });
    expect(tab.close).toHaveBeenCalled();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe("Brief.docx");
    expect(clicked[0]!.href).toBe("blob:http://localhost/1234");
  });
});
