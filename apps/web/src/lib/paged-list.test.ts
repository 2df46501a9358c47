import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { persistQueryClientRestore, persistQueryClientSave } from "@tanstack/react-query-persist-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_VERSION } from "@/config/env";
import { setManualOffline } from "./network";
import type { ListPage } from "./paged-list";
import { itemsOf, pagedListKey, pagedListQueryOptions } from "./paged-list";
import { createPersister, PERSIST_MAX_AGE } from "./query-client";
import { getItem, STORAGE_KEYS } from "./storage";

afterEach(async () => {
  vi.unstubAllGlobals();
  await setManualOffline(false);
});

const parse = (items: unknown) => items as { id: string }[];

describe("paged lists (decision 007)", () => {
  it("keys start with the path, so a change's invalidation of [path] refreshes every page", async () => {
    const key = pagedListKey("/api/v1/tenant/repairs");
    expect(key).toEqual(["/api/v1/tenant/repairs", {}, "pages"]);
    const client = new QueryClient();
    client.setQueryData(key, { pages: [{ items: [], nextCursor: null }], pageParams: [null] });
    await client.invalidateQueries({ queryKey: ["/api/v1/tenant/repairs"] });
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("shows every loaded page's rows in order, a row that moved between pages once", () => {
    const data: InfiniteData<ListPage<{ id: string }>, string | null> = {
      pages: [
        { items: [{ id: "a" }, { id: "moved" }], nextCursor: "1" },
        { items: [{ id: "b" }, { id: "moved" }, { id: "c" }], nextCursor: null },
      ],
      pageParams: [null, "1"],
    };
    expect(itemsOf(data).map((item) => item.id)).toEqual(["a", "moved", "b", "c"]);
    expect(itemsOf(undefined)).toEqual([]);
  });

  it("loaded pages survive a restart on the device and are read again offline", async () => {
    const key = pagedListKey("/api/v1/tenant/documents");
    const options = pagedListQueryOptions(key, parse, "Dokumente");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes("cursor=c2")
          ? Response.json([{ id: "d2" }])
          : Response.json([{ id: "d1" }], { headers: { "X-Next-Cursor": "c2" } }),
      ),
    );
    const before = new QueryClient();
    await before.fetchInfiniteQuery(options);
    await before.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(itemsOf(before.getQueryData(options.queryKey)).map((d) => d.id)).toEqual(["d1", "d2"]);
    const persister = createPersister();
    await persistQueryClientSave({ queryClient: before as never, persister, buster: APP_VERSION });
    // Saved once device storage holds both pages (no waiting out the persister's 1 s throttle).
    await vi.waitFor(async () => expect(await getItem<string>(STORAGE_KEYS.queryCache)).toContain("d2"));

    const fetchMock = vi.fn(async () => Response.json([]));
    vi.stubGlobal("fetch", fetchMock);
    const after = new QueryClient({ defaultOptions: { queries: { networkMode: "always", retry: false } } });
    await persistQueryClientRestore({
      queryClient: after as never,
      persister: createPersister(),
      maxAge: PERSIST_MAX_AGE,
      buster: APP_VERSION,
    });
    expect(itemsOf(after.getQueryData(options.queryKey)).map((d) => d.id)).toEqual(["d1", "d2"]);
    // Read again offline (as a screen does with stale data): every page comes from the cache.
    await setManualOffline(true);
    const again = await after.fetchInfiniteQuery({ ...options, staleTime: 0 });
    expect(itemsOf(again).map((d) => d.id)).toEqual(["d1", "d2"]);
    expect(after.getQueryState(key)?.status).toBe("success");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
