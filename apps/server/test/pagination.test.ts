import { randomUUID } from "node:crypto";
import type { AppointmentStatus, AppointmentType } from "@mieter-portal/contracts";
import { NEXT_CURSOR_HEADER, PAGINATION_MESSAGES } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import { insertAppointments } from "../src/domain/appointments/rows.js";
import { insertDocumentRows } from "../src/domain/documents/rows.js";
import { insertThreads } from "../src/domain/messages/rows.js";
import { insertMeterReadings } from "../src/domain/meter-readings/rows.js";
import { insertRepairs } from "../src/domain/repairs/rows.js";
import { encodeCursor } from "../src/lib/pagination.js";
import { api, createTenant, createTestContext, login, type TestContext } from "./helpers.js";

// Issue 10 §6: every tenant list answers one page; the next page's cursor comes in X-Next-Cursor
// (docs/decisions/007-list-pagination.md). Rows are inserted through the modules' row writers, many
// with equal sort keys,
// so the id tie-breaker of the keyset is exercised too.

const HEADER = NEXT_CURSOR_HEADER.toLowerCase();
const BASE = Date.parse("2026-03-01T08:00:00.000Z");
/** The i-th instant; every third one repeats the previous (equal sort keys). */
const instantOf = (i: number) => new Date(BASE + (i - (i % 3 === 2 ? 1 : 0)) * 60_000).toISOString();
/** The i-th calendar date; pairs of rows share one. */
const dateOf = (i: number) => new Date(BASE - Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);

interface ListSpec {
  name: string;
  path: string;
  /** Inserts `count` rows for the tenant and returns their ids in the list's order. */
  seed(db: Db, tenantId: string, count: number, offset?: number): Promise<string[]>;
}

/** Sorts rows by their key (compared part by part), then id; desc for newest-first lists. */
function ordered(rows: { id: string; key: string[] }[], direction: "asc" | "desc"): string[] {
  const sign = direction === "asc" ? 1 : -1;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => {
      for (let i = 0; i < a.key.length; i++) {
        const c = compare(a.key[i]!, b.key[i]!);
        if (c !== 0) return sign * c;
      }
      return sign * compare(a.id, b.id);
    })
    .map((r) => r.id);
}

const threads: ListSpec = {
  name: "messages",
  path: "/api/v1/tenant/messages",
  async seed(db, tenantId, count, offset = 0) {
    const rows = Array.from({ length: count }, (_, n) => ({ id: randomUUID(), at: instantOf(offset + n) }));
    await insertThreads(
      db,
      rows.map((row) => ({
        id: row.id,
        tenantId,
        subject: `Betreff ${row.at}`,
        messages: [
          {
            direction: "inbound",
            actor: { kind: "staff", name: "Hausverwaltung" },
            content: "Guten Tag",
            receivedAt: row.at,
            readAt: null,
          },
        ],
      })),
    );
    return ordered(
      rows.map((r) => ({ id: r.id, key: [r.at] })),
      "desc",
    );
  },
};

const appointments: ListSpec = {
  name: "appointments",
  path: "/api/v1/tenant/appointments",
  async seed(db, tenantId, count, offset = 0) {
    const rows = Array.from({ length: count }, (_, n) => ({ id: randomUUID(), at: instantOf(offset + n) }));
    await insertAppointments(
      db,
      rows.map((row) => ({
        id: row.id,
        tenantId,
        type: "inspection",
        title: "Wartung",
        status: "pending",
        startTime: row.at,
        endTime: new Date(Date.parse(row.at) + 3_600_000).toISOString(),
        createdAt: row.at,
        updatedAt: row.at,
      })),
    );
    return ordered(
      rows.map((r) => ({ id: r.id, key: [r.at] })),
      "asc",
    );
  },
};

const documents: ListSpec = {
  name: "documents",
  path: "/api/v1/tenant/documents",
  async seed(db, tenantId, count, offset = 0) {
    const rows = Array.from({ length: count }, (_, n) => ({ id: randomUUID(), at: instantOf(offset + n) }));
    await insertDocumentRows(
      db,
      rows.map((row) => ({
        id: row.id,
        tenantId,
        title: `Dokument ${row.at}`,
        type: "contract",
        mimeType: "application/pdf",
        sizeBytes: 4,
        storageKey: `missing/${row.id}`,
        filename: "a.pdf",
        uploadedAt: row.at,
        actorKind: "staff",
      })),
    );
    return ordered(
      rows.map((r) => ({ id: r.id, key: [r.at] })),
      "desc",
    );
  },
};

const meterReadings: ListSpec = {
  name: "meter-readings",
  path: "/api/v1/tenant/meter-readings",
  async seed(db, tenantId, count, offset = 0) {
    const rows = Array.from({ length: count }, (_, n) => ({
      id: randomUUID(),
      date: dateOf(offset + n),
      at: instantOf(offset + n),
    }));
    await insertMeterReadings(
      db,
      rows.map((row) => ({
        id: row.id,
        tenantId,
        readingDate: row.date,
        submittedAt: row.at,
        waterMilli: 1000,
        electricityMilli: null,
        heatingMilli: null,
      })),
    );
    return ordered(
      rows.map((r) => ({ id: r.id, key: [r.date, r.at] })),
      "desc",
    );
  },
};

const repairs: ListSpec = {
  name: "repairs",
  path: "/api/v1/tenant/repairs",
  async seed(db, tenantId, count, offset = 0) {
    const rows = Array.from({ length: count }, (_, n) => ({ id: randomUUID(), at: instantOf(offset + n) }));
    await insertRepairs(
      db,
      rows.map((row) => ({
        id: row.id,
        tenantId,
        type: "heating",
        location: "kitchen",
        description: "Heizung kalt",
        urgency: "medium",
        history: [{ status: "reported", at: row.at, actor: { kind: "tenant", name: "Erika Mustermann" } }],
      })),
    );
    return ordered(
      rows.map((r) => ({ id: r.id, key: [r.at] })),
      "desc",
    );
  },
};

const LISTS = [threads, appointments, documents, meterReadings, repairs];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function signedIn() {
  const tenant = await createTenant(ctx.db);
  return { tenant, client: api(ctx.app, await login(ctx.app, tenant)) };
}

type Client = ReturnType<typeof api>;

/** Follows X-Next-Cursor from the first page to the last; returns the ids page by page. */
async function walk(client: Client, path: string, limit: number, between?: (page: number) => Promise<void>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await client.get(`${path}${path.includes("?") ? "&" : "?"}${query}`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: string }[]).map((row) => row.id);
    pages.push(ids);
    cursor = res.headers[HEADER] as string | undefined;
    if (cursor) expect(ids).toHaveLength(limit);
    if (pages.length > 100) throw new Error("too many pages");
    if (cursor) await between?.(pages.length);
  } while (cursor);
  return pages;
}

describe.each(LISTS)("GET $name page by page", (list) => {
  it("answers the first 50 by default with the next page's cursor, and at most 100", async () => {
    const { tenant, client } = await signedIn();
    const expected = await list.seed(ctx.db, tenant.id, 120);

    const first = await client.get(list.path);
    expect(first.statusCode).toBe(200);
    expect((first.json() as { id: string }[]).map((r) => r.id)).toEqual(expected.slice(0, 50));
    expect(first.headers[HEADER]).toMatch(/^[A-Za-z0-9_-]+$/);

    const max = await client.get(`${list.path}?limit=100`);
    expect((max.json() as { id: string }[]).map((r) => r.id)).toEqual(expected.slice(0, 100));
    const rest = await client.get(`${list.path}?limit=100&cursor=${max.headers[HEADER]}`);
    expect((rest.json() as { id: string }[]).map((r) => r.id)).toEqual(expected.slice(100));
    expect(rest.headers[HEADER]).toBeUndefined();
  });

  it("walks every row exactly once, in order, ties broken by id; the last page has no cursor", async () => {
    const { tenant, client } = await signedIn();
    const expected = await list.seed(ctx.db, tenant.id, 23);
    const pages = await walk(client, list.path, 5);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flat()).toEqual(expected);

    // An exact multiple of the page size ends without an empty page.
    const even = await signedIn();
    const evenRows = await list.seed(ctx.db, even.tenant.id, 10);
    const evenPages = await walk(even.client, list.path, 5);
    expect(evenPages).toEqual([evenRows.slice(0, 5), evenRows.slice(5)]);
  });

  it("neither repeats nor skips rows when rows are added between pages", async () => {
    const { tenant, client } = await signedIn();
    const before = await list.seed(ctx.db, tenant.id, 12);
    const added: string[] = [];
    const pages = await walk(client, list.path, 4, async () => {
      // New rows sort in before, between and after those already listed.
      added.push(...(await list.seed(ctx.db, tenant.id, 3, -50 + added.length)));
      added.push(...(await list.seed(ctx.db, tenant.id, 1, 500 + added.length)));
    });
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    expect(seen.every((id) => before.includes(id) || added.includes(id))).toBe(true);
  });

  it("never shows another tenant's rows, also not with that tenant's cursor", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const rowsOfA = await list.seed(ctx.db, a.tenant.id, 6);
    const rowsOfB = await list.seed(ctx.db, b.tenant.id, 6, 1);

    expect((await walk(a.client, list.path, 4)).flat()).toEqual(rowsOfA);
    expect((await walk(b.client, list.path, 4)).flat()).toEqual(rowsOfB);

    const pageOfA = await a.client.get(`${list.path}?limit=2`);
    const cursorOfA = pageOfA.headers[HEADER] as string;
    expect(cursorOfA).toBeTruthy();
    const withCursorOfA = await b.client.get(`${list.path}?limit=100&cursor=${cursorOfA}`);
    expect(withCursorOfA.statusCode).toBe(200);
    const ids = (withCursorOfA.json() as { id: string }[]).map((r) => r.id);
    expect(ids.some((id) => rowsOfA.includes(id))).toBe(false);
    expect(ids.every((id) => rowsOfB.includes(id))).toBe(true);

    const alone = await signedIn();
    const nothing = await alone.client.get(`${list.path}?cursor=${cursorOfA}`);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toEqual([]);
    expect(nothing.headers[HEADER]).toBeUndefined();
  });

  it.each(["0", "101", "-1", "abc", "1.5", ""])("refuses limit=%s with a German 400", async (limit) => {
    const { client } = await signedIn();
    const res = await client.get(`${list.path}?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "validation_failed",
      message: PAGINATION_MESSAGES.limit,
      fields: { limit: PAGINATION_MESSAGES.limit },
    });
  });

  it("refuses a malformed cursor with a German 400", async () => {
    const { client } = await signedIn();
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const other = list.name === "documents" ? "repairs" : "documents";
    const malformed = [
      "%25%25%25",
      "bm90LWpzb24",
      b64({ list: list.name }),
      b64([list.name]),
      b64([list.name, 1, 2, 3]),
      b64([list.name, "2026-01-01", "2026-01-01T00:00:00.000Z", "a", "b"]),
      b64([list.name, "2026-01-01T00:00:00.000Z\u0000", "id"]),
      encodeCursor(
        other,
        list.name === "meter-readings" ? ["2026-01-01", "x", "id"] : ["2026-01-01T00:00:00.000Z", "id"],
      ),
      "x".repeat(300),
    ];
    for (const cursor of malformed) {
      const res = await client.get(`${list.path}?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json(), cursor).toMatchObject({ message: PAGINATION_MESSAGES.cursor });
    }
  });
});

describe("what only some lists have", () => {
  it("keeps filter=unread while paging the messages", async () => {
    const { tenant, client } = await signedIn();
    const all = await threads.seed(ctx.db, tenant.id, 9);
    // Every other conversation is read.
    const readIds = all.filter((_, i) => i % 2 === 1);
    for (const id of readIds) expect((await client.patch(`/api/v1/tenant/messages/${id}/read`)).statusCode).toBe(200);
    const pages = await walk(client, "/api/v1/tenant/messages?filter=unread", 2);
    expect(pages.flat()).toEqual(all.filter((id) => !readIds.includes(id)));
  });

  it("pages the upcoming appointments from now on (upcoming=true), soonest first", async () => {
    const { tenant, client } = await signedIn();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const soon = Array.from({ length: 5 }, (_, i) => new Date(Date.now() + (i + 1) * 86_400_000).toISOString());
    // A canceled appointment ahead is not upcoming (it would push a real one off the dashboard).
    const canceledAt = new Date(Date.now() + 1.5 * 86_400_000).toISOString();
    const appointment = (title: string, type: AppointmentType, status: AppointmentStatus, at: string) => ({
      tenantId: tenant.id,
      type,
      title,
      status,
      startTime: at,
      endTime: at,
      createdAt: at,
      updatedAt: at,
    });
    const [, ...ids] = await insertAppointments(ctx.db, [
      appointment("Vorbei", "inspection", "confirmed", past),
      ...soon.map((at) => appointment("Bald", "repair", "pending", at)),
    ]);
    await insertAppointments(ctx.db, [appointment("Abgesagt", "repair", "canceled", canceledAt)]);
    const first = await client.get("/api/v1/tenant/appointments?upcoming=true&limit=2");
    expect((first.json() as { id: string }[]).map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect((await walk(client, "/api/v1/tenant/appointments?upcoming=true", 2)).flat()).toEqual(ids);
    expect((await client.get("/api/v1/tenant/appointments")).json()).toHaveLength(7);
    expect((await client.get("/api/v1/tenant/appointments?upcoming=ja")).statusCode).toBe(400);
  });
});

describe("the OpenAPI document", () => {
  it("documents limit, cursor and the X-Next-Cursor header of every list", async () => {
    const doc = (await ctx.app.inject({ url: "/api/v1/openapi.json" })).json();
    for (const list of LISTS) {
      const get = doc.paths[list.path]?.get;
      expect(get, list.path).toBeDefined();
      const params = get.parameters as { name: string; in: string; schema: Record<string, unknown> }[];
      const limit = params.find((p) => p.name === "limit" && p.in === "query");
      expect(limit?.schema).toMatchObject({ default: 50, maximum: 100, minimum: 1 });
      expect(params.find((p) => p.name === "cursor" && p.in === "query")).toBeDefined();
      expect(get.responses["200"].headers?.[NEXT_CURSOR_HEADER]?.schema).toMatchObject({ type: "string" });
      expect(get.description).toContain(NEXT_CURSOR_HEADER);
    }
  });
});
