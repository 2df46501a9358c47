import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubFetch } from "@/test/fetch";
import { NewAppointmentDialog } from "./new-appointment-dialog";

const TENANT = "0b6a3f1e-2c4d-4e5f-8a9b-1c2d3e4f5a6b";

async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewAppointmentDialog tenantId={TENANT} tenantName="Anna Meyer" />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Neuen Termin vorschlagen" }));
  return { user, dialog: within(screen.getByRole("dialog", { name: "Neuen Termin vorschlagen" })) };
}

describe("'Neuen Termin vorschlagen'", () => {
  it("asks for start and end in German beside the end and sends nothing", async () => {
    const calls = stubFetch();
    const { user, dialog } = await openDialog();
    await user.clear(dialog.getByLabelText("Beginn"));
    await user.click(dialog.getByRole("button", { name: "Termin vorschlagen" }));
    const end = dialog.getByLabelText("Ende");
    await waitFor(() => expect(end).toHaveAttribute("aria-invalid", "true"));
    expect(end).toHaveAccessibleDescription("Bitte geben Sie Beginn und Ende an.");
    expect(calls).toHaveLength(0);
  });

  it("says beside the title when it is too long", async () => {
    const calls = stubFetch();
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByLabelText("Titel (optional)"));
    await user.paste("T".repeat(201));
    await user.click(dialog.getByRole("button", { name: "Termin vorschlagen" }));
    const title = dialog.getByLabelText("Titel (optional)");
    await waitFor(() => expect(title).toHaveAttribute("aria-invalid", "true"));
    expect(title).toHaveAccessibleDescription("Der Titel darf höchstens 200 Zeichen lang sein.");
    expect(calls).toHaveLength(0);
  });

  it("sends the tenant, the type, the trimmed title and the range as UTC instants", async () => {
    const calls = stubFetch({ status: 201, body: {} });
    const { user, dialog } = await openDialog();
    await user.selectOptions(dialog.getByLabelText("Art"), "consultation");
    await user.type(dialog.getByLabelText("Titel (optional)"), " Rauchmelder ");
    await user.clear(dialog.getByLabelText("Datum"));
    await user.type(dialog.getByLabelText("Datum"), "2030-03-04");
    await user.clear(dialog.getByLabelText("Beginn"));
    await user.type(dialog.getByLabelText("Beginn"), "10:00");
    await user.clear(dialog.getByLabelText("Ende"));
    await user.type(dialog.getByLabelText("Ende"), "10:30");
    await user.click(dialog.getByRole("button", { name: "Termin vorschlagen" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe("/api/v1/staff/appointments");
    expect(calls[0]!.body).toStrictEqual({
      tenant_id: TENANT,
      type: "consultation",
      title: "Rauchmelder",
      start: "2030-03-04T09:00:00.000Z",
      end: "2030-03-04T09:30:00.000Z",
      location: null,
      note_to_tenant: null,
    });
  });
});
