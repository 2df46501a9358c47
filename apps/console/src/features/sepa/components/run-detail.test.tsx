import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { routeFetch } from "@/test/route-fetch";
import { RUN, run } from "../test-data";
import { RunActions, RunDetailSections } from "./run-detail";

function renderRun(detail: typeof run, more: Parameters<typeof routeFetch>[0] = {}) {
  const calls = routeFetch(more);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RunActions run={detail} />
      <RunDetailSections run={detail} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe("a collection run", () => {
  it("lists its charges with their state and a returned one's reason", () => {
    renderRun({
      ...run,
      state: "downloaded",
      downloaded_at: "2026-11-27T11:00:00.000Z",
      returned_count: 1,
      items: [{ ...run.items[0]!, state: "returned", return_reason: "AC04 – Konto erloschen" }],
    });
    expect(screen.getByText("Heruntergeladen", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByTestId("run-total")).toHaveTextContent("1 Lastschrift · 850,00 €");
    const row = screen.getByTestId("sepa-charge");
    expect(row).toHaveTextContent("Rücklastschrift");
    expect(row).toHaveTextContent("AC04 – Konto erloschen");
  });

  it("downloads the pain.008 file under its name", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:datei"), revokeObjectURL: vi.fn() });
    let name = "";
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      name = this.download;
    });
    const { calls, user } = renderRun(run, {
      [`GET /staff/sepa/runs/${RUN}/file`]: [{ status: 200, blob: new Blob(["<Document/>"]) }],
    });
    await user.click(screen.getByRole("button", { name: "pain.008-Datei herunterladen" }));
    await waitFor(() => expect(name).toBe(run.file_name));
    expect(calls[0]!.url).toBe(`/staff/sepa/runs/${RUN}/file`);
    click.mockRestore();
  });

  it("cancels a run not downloaded yet without asking about the bank", async () => {
    const { calls, user } = renderRun(run, {
      [`POST /staff/sepa/runs/${RUN}/cancel`]: [{ status: 200, body: { ...run, state: "cancelled" } }],
    });
    await user.click(screen.getByRole("button", { name: "Einzug stornieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Einzug stornieren?" });
    expect(within(dialog).queryByRole("checkbox")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Einzug stornieren" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toStrictEqual({});
  });

  it("cancels a downloaded run only with the word that it was not submitted to the bank", async () => {
    const downloaded = { ...run, state: "downloaded" as const, downloaded_at: "2026-11-27T11:00:00.000Z" };
    const { calls, user } = renderRun(downloaded, {
      [`POST /staff/sepa/runs/${RUN}/cancel`]: [{ status: 200, body: { ...downloaded, state: "cancelled" } }],
    });
    await user.click(screen.getByRole("button", { name: "Einzug stornieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Einzug stornieren?" });
    expect(dialog).toHaveTextContent("Wurde sie nicht bei der Bank eingereicht?");
    await user.click(within(dialog).getByRole("button", { name: "Einzug stornieren" }));
    const check = within(dialog).getByRole("checkbox", { name: "Die Datei wurde nicht bei der Bank eingereicht." });
    await waitFor(() => expect(check).toHaveAttribute("aria-invalid", "true"));
    expect(check).toHaveAccessibleDescription(expect.stringContaining("sonst würde doppelt eingezogen"));
    expect(calls).toHaveLength(0);
    await user.click(check);
    await user.click(within(dialog).getByRole("button", { name: "Einzug stornieren" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toStrictEqual({ not_submitted: true });
  });

  it("offers nothing to download or cancel once cancelled", () => {
    renderRun({ ...run, state: "cancelled", cancelled_at: "2026-11-27T12:00:00.000Z" });
    expect(screen.queryByRole("button", { name: "pain.008-Datei herunterladen" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Einzug stornieren" })).not.toBeInTheDocument();
  });
});
