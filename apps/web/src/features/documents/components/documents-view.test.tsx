import type { TenantDocument } from "@mieter-portal/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { itemsOf } from "@/lib/paged-list";
import { createQueryClient } from "@/lib/query-client";
import { useDocuments } from "../api/get-documents";
import { DocumentsView } from "./documents-view";

const docs: TenantDocument[] = [
  {
    id: "c1",
    title: "Mietvertrag",
    type: "contract",
    file_type: "application/pdf",
    file_size: 2560,
    file_url: "/api/v1/tenant/documents/c1/file",
    uploaded_at: "2019-03-10T10:00:00Z",
    is_tenant_uploaded: false,
  },
  {
    id: "u1",
    title: "Nebenkostenabrechnung 2024",
    type: "utility",
    file_type: "application/pdf",
    file_size: 1_572_864,
    file_url: "/api/v1/tenant/documents/u1/file",
    uploaded_at: "2025-06-12T08:00:00Z",
    is_tenant_uploaded: false,
  },
];

/** Records XMLHttpRequest uploads; the test answers them. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  url = "";
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  upload: { onprogress: ((e: ProgressLike) => void) | null; onload: ((e: ProgressLike) => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return "content-type: application/json\r\n";
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {}
  respond(status: number, body: unknown) {
    this.status = status;
    this.statusText = status === 201 ? "Created" : "Error";
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
interface ProgressLike {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response("[]", { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

/** The screen as the route shows it: the list comes from GET /api/v1/tenant/documents. */
function Screen() {
  const query = useDocuments();
  return query.data ? <DocumentsView documents={itemsOf(query.data)} /> : null;
}

async function renderView(documents: TenantDocument[] = docs) {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(documents), { status: 200 }));
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <Screen />
      <Toaster />
    </QueryClientProvider>,
  );
  await screen.findByRole("region", { name: "Vertragsdokumente" });
  fetchMock.mockClear();
  return utils;
}

const section = (name: string) => screen.getByRole("region", { name });

describe("DocumentsView", () => {
  it("lists documents in their sections with file type, size and date, and an empty line elsewhere", async () => {
    await renderView();
    const contracts = section("Vertragsdokumente");
    const row = within(contracts).getByTestId("document-row");
    expect(within(row).getByTestId("document-title")).toHaveTextContent("Mietvertrag");
    expect(within(row).getByTestId("document-file-type")).toHaveTextContent("PDF");
    expect(within(row).getByTestId("document-size")).toHaveTextContent("2,5 KB");
    expect(within(row).getByTestId("document-date")).toHaveTextContent("10.03.2019");
    expect(within(row).getByRole("button", { name: "Mietvertrag in neuem Tab öffnen" })).toBeInTheDocument();
    expect(within(section("Nebenkostenabrechnungen")).getByTestId("document-size")).toHaveTextContent("1,5 MB");
    expect(
      within(section("Meine Dokumente")).getByText("Sie haben noch keine eigenen Dokumente hochgeladen"),
    ).toBeVisible();
  });

  it("filters by title and type, saying when a section has no match", async () => {
    const user = userEvent.setup();
    await renderView();
    await user.type(screen.getByRole("searchbox", { name: "Dokumente durchsuchen" }), "NEBENKOSTEN");
    expect(within(section("Vertragsdokumente")).queryByTestId("document-row")).toBeNull();
    expect(within(section("Vertragsdokumente")).getByText("Keine Treffer für „NEBENKOSTEN“")).toBeVisible();
    expect(within(section("Nebenkostenabrechnungen")).getAllByTestId("document-row")).toHaveLength(1);
    expect(screen.getByTestId("document-search-count")).toHaveTextContent("1 Dokument gefunden");
    await user.clear(screen.getByRole("searchbox"));
    await user.type(screen.getByRole("searchbox"), "contract");
    expect(within(section("Vertragsdokumente")).getAllByTestId("document-row")).toHaveLength(1);
    expect(within(section("Nebenkostenabrechnungen")).queryByTestId("document-row")).toBeNull();
  });

  it("refuses a file of another type before anything is sent", async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderView();
    const input = screen.getByLabelText("Datei zum Hochladen auswählen");
    await user.upload(input, new File(["MZ"], "programm.exe", { type: "application/octet-stream" }));
    expect(screen.getByRole("alert")).toHaveTextContent("„programm.exe“ kann nicht hochgeladen werden");
    expect(FakeXhr.sent).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("uploads through the central mutation path with progress, then toasts and refetches the list", async () => {
    const user = userEvent.setup();
    await renderView();
    const file = new File(["%PDF-1.4 test"], "Kaution.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText("Datei zum Hochladen auswählen"), file);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe("/api/v1/tenant/documents");
    expect((xhr.body!.get("file") as File).name).toBe("Kaution.pdf");
    expect(xhr.body!.get("title")).toBe("Kaution.pdf");
    expect(xhr.body!.get("type")).toBe("personal");
    expect(screen.getByRole("button", { name: "Hochladen" })).toBeDisabled();

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    const bar = screen.getByRole("progressbar", { name: "Fortschritt beim Hochladen von Kaution.pdf" });
    expect(bar).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByTestId("document-upload-percent")).toHaveTextContent("40 %");

    // The server now holds the upload too: the list is fetched again and shows it under 'Meine Dokumente'.
    const uploaded: TenantDocument = {
      id: "n1",
      title: "Kaution.pdf",
      type: "personal",
      file_type: "application/pdf",
      file_size: 13,
      file_url: "/api/v1/tenant/documents/n1/file",
      uploaded_at: new Date().toISOString(),
      is_tenant_uploaded: true,
    };
    fetchMock.mockImplementation(async () => new Response(JSON.stringify([uploaded, ...docs]), { status: 200 }));
    await act(async () => xhr.respond(201, uploaded));
    expect(await screen.findByText("Dokument hochgeladen")).toBeInTheDocument();
    expect(screen.getByText("Ihr Dokument wurde erfolgreich hochgeladen.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/v1/tenant/documents"]);
    expect(within(section("Meine Dokumente")).getByTestId("document-title")).toHaveTextContent("Kaution.pdf");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: "Hochladen" })).toBeEnabled();
  });

  it("shows the server's German reason when it refuses the upload, the spec's text otherwise", async () => {
    const user = userEvent.setup();
    await renderView();
    const input = screen.getByLabelText("Datei zum Hochladen auswählen");
    await user.upload(input, new File(["not a pdf"], "falsch.pdf", { type: "application/pdf" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await act(async () =>
      FakeXhr.sent[0]!.respond(415, { error: "file_type_not_allowed", message: "Dieser Dateityp ist nicht erlaubt." }),
    );
    expect(await screen.findByText("Fehler beim Hochladen")).toBeInTheDocument();
    expect(screen.getByText("Dieser Dateityp ist nicht erlaubt.")).toBeInTheDocument();

    await user.upload(input, new File(["%PDF"], "zwei.pdf", { type: "application/pdf" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    await act(async () => FakeXhr.sent[1]!.respond(500, { error: "internal", message: "Interner Fehler" }));
    expect(
      await screen.findByText("Das Dokument konnte nicht hochgeladen werden. Bitte versuchen Sie es später erneut."),
    ).toBeInTheDocument();
  });
});
