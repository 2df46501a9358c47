import type { StaffProfile } from "@mieter-portal/contracts/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeContext } from "@/lib/me";
import { PublishDocumentForm } from "./publish-form";

const BUILDING = {
  id: "7d0c4d4e-8a8f-4f59-9d0f-3c2f1b7a1a11",
  name: "Gartenweg 12",
  address: "Gartenweg 12",
  tenant_count: 3,
};
const TENANT = {
  id: "3f6c2a1b-5d4e-4f7a-8b9c-0d1e2f3a4b5c",
  name: "Anna Meyer",
  email: "anna@example.com",
  building: { id: BUILDING.id, name: BUILDING.name },
  address: "Gartenweg 12",
  unit: "EG links",
  tenancy_active: true,
  invitation_status: "active",
};
const verwalter: StaffProfile = {
  id: "s1",
  email: "verwalter@example.com",
  name: "Sabine Krüger",
  role: "verwalter",
  buildings: [{ id: BUILDING.id, name: BUILDING.name }],
  totp_enabled: false,
  notify_new_items: true,
};

/** The staff API: the buildings, and the publication's answer. */
function serve(publish: () => Response) {
  const posts: FormData[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith("/staff/buildings")) return Response.json([BUILDING]);
      if (url.includes("/staff/tenants?")) return Response.json({ items: [TENANT], next_cursor: null });
      if (url.endsWith("/staff/documents") && init.method === "POST") {
        posts.push(init.body as FormData);
        return publish();
      }
      return Response.json({ error: "not_found", message: "?" }, { status: 404 });
    }),
  );
  return posts;
}

function renderForm(me: StaffProfile = verwalter) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MeContext value={me}>
        <PublishDocumentForm />
      </MeContext>
    </QueryClientProvider>,
  );
}

const pdf = () => new File(["%PDF-1.4\n"], "hausordnung.pdf", { type: "application/pdf" });

afterEach(() => vi.unstubAllGlobals());

describe("publishing a document", () => {
  it("says every missing piece in German and sends nothing", async () => {
    const posts = serve(() => Response.json({}));
    renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Veröffentlichen" }));
    expect(await screen.findByText("Der Titel ist erforderlich.")).toBeInTheDocument();
    expect(screen.getByText("Bitte wählen Sie eine Datei.")).toBeInTheDocument();
    // Each message beside its field, which is marked invalid; the first gets the focus.
    const title = screen.getByLabelText("Titel");
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("Der Titel ist erforderlich.");
    expect(title).toHaveFocus();
    const file = screen.getByLabelText("Datei");
    expect(file).toHaveAttribute("aria-invalid", "true");
    expect(file).toHaveAccessibleDescription(/Bitte wählen Sie eine Datei\.$/);
    // A Verwalter with one building has it chosen already; "Alle Mieter" is for Administrators.
    expect(screen.getByLabelText("Gebäude")).toHaveValue(BUILDING.id);
    expect(screen.queryByLabelText("Alle Mieter")).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Ein Mieter"));
    await userEvent.click(screen.getByRole("button", { name: "Veröffentlichen" }));
    expect(await screen.findByText("Bitte wählen Sie einen Mieter.")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Mieter" })).toHaveAccessibleDescription("Bitte wählen Sie einen Mieter.");
    expect(posts).toEqual([]);
  });

  it("refuses an empty or too large file before sending", async () => {
    const posts = serve(() => Response.json({}));
    renderForm();
    await waitFor(() => expect(screen.getByLabelText("Gebäude")).toHaveValue(BUILDING.id));
    await userEvent.type(screen.getByLabelText("Titel"), "Hausordnung");
    const file = screen.getByLabelText("Datei");
    await userEvent.upload(file, new File([], "leer.pdf", { type: "application/pdf" }));
    await userEvent.click(screen.getByRole("button", { name: "Veröffentlichen" }));
    await waitFor(() => expect(file).toHaveAccessibleDescription(/Die Datei ist leer\.$/));
    const big = new File(["x"], "gross.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 20 * 1024 * 1024 + 1 });
    await userEvent.upload(file, big);
    await waitFor(() => expect(file).toHaveAccessibleDescription(/Die Datei ist größer als 20 MB\.$/));
    expect(file).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
  });

  it("sends the fields and the file as multipart and names how many tenants received it", async () => {
    const posts = serve(() =>
      Response.json(
        {
          id: "p1",
          title: "Hausordnung 2027",
          type: "house_rules",
          audience: "building",
          building: { id: BUILDING.id, name: BUILDING.name },
          tenant: null,
          file_type: "application/pdf",
          file_size: 9,
          filename: "hausordnung.pdf",
          recipient_count: 3,
          created_at: "2026-11-23T07:00:00.000Z",
          created_by: null,
        },
        { status: 201 },
      ),
    );
    renderForm();
    await waitFor(() => expect(screen.getByLabelText("Gebäude")).toHaveValue(BUILDING.id));
    await userEvent.type(screen.getByLabelText("Titel"), "Hausordnung 2027");
    await userEvent.upload(screen.getByLabelText("Datei"), pdf());
    await userEvent.click(screen.getByRole("button", { name: "Veröffentlichen" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "„Hausordnung 2027“ wurde veröffentlicht: 3 Mieter erhalten es unter Hausordnung",
    );
    expect(posts).toHaveLength(1);
    const form = posts[0]!;
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"))).toEqual({
      title: "Hausordnung 2027",
      type: "house_rules",
      audience: "building",
      building_id: BUILDING.id,
    });
    expect((form.get("file") as File).name).toBe("hausordnung.pdf");
    // Ready for the next one.
    expect(screen.getByLabelText("Titel")).toHaveValue("");
  });

  it("sends the picked tenant as the one recipient", async () => {
    const posts = serve(() =>
      Response.json(
        {
          id: "p2",
          title: "Mietvertrag",
          type: "contract",
          audience: "tenant",
          building: null,
          tenant: { id: TENANT.id, name: TENANT.name },
          file_type: "application/pdf",
          file_size: 9,
          filename: "vertrag.pdf",
          recipient_count: 1,
          created_at: "2026-11-23T07:00:00.000Z",
          created_by: null,
        },
        { status: 201 },
      ),
    );
    renderForm();
    await userEvent.click(screen.getByLabelText("Ein Mieter"));
    await userEvent.type(screen.getByLabelText("Mieter suchen"), "Anna");
    await userEvent.click(await screen.findByRole("button", { name: /Anna Meyer/ }));
    expect(screen.getByTestId("picked-tenant")).toHaveTextContent("Anna Meyer");
    await userEvent.selectOptions(screen.getByLabelText("Art"), "contract");
    await userEvent.type(screen.getByLabelText("Titel"), "Mietvertrag");
    await userEvent.upload(screen.getByLabelText("Datei"), pdf());
    await userEvent.click(screen.getByRole("button", { name: "Veröffentlichen" }));
    expect(await screen.findByRole("status")).toHaveTextContent("1 Mieter erhält es unter Mietvertrag");
    expect(Object.fromEntries([...posts[0]!.entries()].filter(([, v]) => typeof v === "string"))).toEqual({
      title: "Mietvertrag",
      type: "contract",
      audience: "tenant",
      tenant_id: TENANT.id,
    });
  });

  it("shows the server's German refusal beside the file", async () => {
    const message =
      "Dieser Dateityp ist nicht erlaubt. Bitte laden Sie eine PDF-, DOC-, DOCX-, JPG- oder PNG-Datei hoch.";
    serve(() => Response.json({ error: "file_type_not_allowed", message, fields: { file: message } }, { status: 415 }));
    renderForm();
    await waitFor(() => expect(screen.getByLabelText("Gebäude")).toHaveValue(BUILDING.id));
    await userEvent.type(screen.getByLabelText("Titel"), "Kein PDF");
    await userEvent.upload(screen.getByLabelText("Datei"), pdf());
    await userEvent.click(screen.getByRole("button", { name: "Veröffentlichen" }));
    const file = screen.getByLabelText("Datei");
    await waitFor(() => expect(file).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(within(screen.getByRole("alert")).getByText(message)).toBeInTheDocument();
  });
});
