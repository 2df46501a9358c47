import type { ServiceRecord } from "@mieter-portal/contracts/services";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RecordDetail } from "./record-detail";

const RECORD = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a11";
const record: ServiceRecord = {
  id: RECORD,
  visit_id: null,
  building_id: "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01",
  service_name: "Treppenhausreinigung",
  crew: { first_name: "Ayşe", team: "Glanzwerk" },
  started_at: "2026-11-24T06:10:00.000Z",
  started_at_server: "2026-11-24T06:10:04.000Z",
  finished_at: "2026-11-24T06:58:00.000Z",
  finished_at_server: "2026-11-24T06:58:05.000Z",
  location: { on_site: true, distance_m: 12, accuracy_m: 15 },
  checklist: [{ item: "Treppen gewischt", done: true }],
  materials: [],
  conditions: null,
  remark: "",
  photos: [
    { id: "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a21", kind: "before", sha256: "a".repeat(64) },
    { id: "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a22", kind: "after", sha256: "b".repeat(64) },
  ],
  corrects_record_id: null,
  correction_reason: null,
  content_hash: "c".repeat(64),
};

afterEach(() => vi.unstubAllGlobals());

describe("an Einsatz's record", () => {
  it("shows its before and after photos from the record's own photo route, each with its SHA-256", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(new URL(url, "http://localhost").pathname);
        return new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }));
      }),
    );
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <RecordDetail record={record} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole("button", { name: "Vorher-Foto 1 vergrößern" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Nachher-Foto 1 vergrößern" })).toBeInTheDocument();
    expect(screen.getByText(`SHA-256 ${"b".repeat(64)}`)).toBeInTheDocument();
    await waitFor(() =>
      expect(asked.sort()).toEqual([
        `/api/v1/staff/service-records/${RECORD}/photos/7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a21`,
        `/api/v1/staff/service-records/${RECORD}/photos/7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a22`,
      ]),
    );
  });
});
