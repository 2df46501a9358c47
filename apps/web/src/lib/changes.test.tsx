import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { allowConsoleError } from "@/test/console";
import { changeVariables, defineChange, useChange } from "./changes";
import { setManualOffline } from "./network";
import { listEntries } from "./offline/queue-store";
import { jsonResponse, resetOfflineState, signInAs, TENANT_A } from "./offline/testing";
import { isOfflineResult } from "./offline/types";
import { createQueryClient } from "./query-client";
import { defineRead } from "./reads";

const note = z.object({ id: z.string(), text: z.string() });
const NOTES = "/api/v1/tenant/notes";

/** A change as a feature declares it (features/<x>/api). */
const addNote = defineChange({
  key: ["api", "notes", "create"],
  method: "POST",
  url: () => NOTES,
  body: (text: string) => ({ text }),
  refresh: () => [[NOTES]],
  describe: (text) => ({ label: "Neue Notiz", detail: text }),
  response: note,
});

const markNoteSeen = defineChange({
  key: ["api", "notes", "seen"],
  method: "PATCH",
  url: (id: string) => `${NOTES}/${id}/seen`,
  describe: () => ({ label: "Notiz gesehen", listed: false }),
  response: z.object({ success: z.literal(true), message: z.string() }),
});

function setup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setManualOffline(false);
});

describe("changeVariables", () => {
  it("builds method, url, body, the queries to refresh, a new Idempotency-Key and the queue's label", () => {
    const first = changeVariables(addNote, "Heizung prüfen");
    expect(first).toMatchObject({
      method: "POST",
      url: NOTES,
      data: { text: "Heizung prüfen" },
      invalidates: [[NOTES]],
      label: "Neue Notiz",
      detail: "Heizung prüfen",
      listed: true,
    });
    expect(first.idempotencyKey).toMatch(/\S{8,}/);
    expect(changeVariables(addNote, "Heizung prüfen").idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it("shortens the detail to 80 characters on one line and keeps a change out of the lists when it says so", () => {
    const long = changeVariables(addNote, `${"Wasser\n".repeat(20)}`);
    expect(long.detail).toHaveLength(80);
    expect(long.detail).toMatch(/^Wasser Wasser .*…$/);
    expect(changeVariables(markNoteSeen, "n1")).toMatchObject({
      method: "PATCH",
      url: `${NOTES}/n1/seen`,
      data: undefined,
      invalidates: [],
      label: "Notiz gesehen",
      detail: null,
      listed: false,
    });
  });
});

describe("useChange", () => {
  it("online: sends the change, answers the parsed (typed) result and refreshes the declared queries", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(201, { id: "n1", text: "Heizung prüfen", extra: "nicht im Schema" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { client, wrapper } = setup();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const { result } = renderHook(() => useChange(addNote), { wrapper });
    let answer: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      answer = await result.current.mutateAsync("Heizung prüfen");
    });
    // The hook's success state comes a tick later; waiting for it keeps it inside the test.
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // The schema parsed the answer: unknown fields are gone, the type is the schema's.
    expect(answer).toEqual({ id: "n1", text: "Heizung prüfen" });
    if (answer && !isOfflineResult(answer)) expect(answer.text).toBe("Heizung prüfen");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(NOTES);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Idempotency-Key")).toMatch(/\S{8,}/);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [NOTES] });
    expect(await listEntries()).toEqual([]);
  });

  it("an answer that is not what the schema says is an error, not a success", async () => {
    allowConsoleError();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(201, { id: 5 })),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => useChange(addNote), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync("x")).rejects.toBeInstanceOf(z.ZodError);
    });
  });

  it("offline: answers the queued result and the entry keeps the label and detail made with the change", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    await setManualOffline(true);
    const { client, wrapper } = setup();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const { result, unmount } = renderHook(() => useChange(addNote), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync("Tür klemmt");
    });
    await waitFor(() => expect(result.current.data).toMatchObject({ offline: true }));
    expect(answer).toMatchObject({ success: true, offline: true });
    expect(isOfflineResult(answer)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    // A queued change refreshes its queries when the sync has sent it, not now.
    expect(invalidate).not.toHaveBeenCalled();
    const [entry] = await listEntries();
    expect(entry).toMatchObject({
      url: NOTES,
      method: "POST",
      data: { text: "Tür klemmt" },
      queryKey: [[NOTES]],
      label: "Neue Notiz",
      detail: "Tür klemmt",
      listed: true,
      tenantId: TENANT_A,
    });
    // Before the test goes back online (TanStack's online manager would update the hook outside act).
    unmount();
  });

  it("a change declared live (sign-in, password) is never queued: offline it fails like the network", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await setManualOffline(true);
    const live = defineChange({ ...addNote, live: true });
    const { wrapper } = setup();
    const { result, unmount } = renderHook(() => useChange(live), { wrapper });
    // mutate, not mutateAsync in act: TanStack reports the error state a tick after the promise
    // rejects, outside such an act (React's act warning, seen 1 run in 3); waitFor waits for the state.
    act(() => result.current.mutate("x"));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(TypeError));
    expect(await listEntries()).toEqual([]);
    unmount();
  });
});

describe("defineRead", () => {
  const readNotes = defineRead({ resource: "Notizen", response: z.array(note) });

  it("parses the answer of the key's path", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, [{ id: "n1", text: "a", extra: 1 }])),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => useQuery({ queryKey: [NOTES], queryFn: readNotes }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([{ id: "n1", text: "a" }]));
  });

  it("offline without a cached copy: the no-data message names the resource", async () => {
    vi.stubGlobal("fetch", vi.fn());
    await setManualOffline(true);
    const { wrapper } = setup();
    const { result, unmount } = renderHook(
      () => useQuery({ queryKey: [NOTES], queryFn: readNotes, meta: { silent: true } }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.error?.message).toBe("Keine Daten im Offline-Modus verfügbar: Notizen"));
    unmount();
  });
});
