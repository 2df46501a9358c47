import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { documentType, repairStatus } from "@mieter-portal/contracts";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarAt, monthlyDueDates } from "../src/db/seed/calendar.js";
import { rentPayments } from "../src/db/seed/context.js";
import { DEMO_EMAIL, DEMO_PASSWORD, NEIGHBOUR_EMAIL, seedDemoIfEmpty } from "../src/db/seed/demo.js";
import { createPdf } from "../src/db/seed/pdf.js";
import { createPng } from "../src/db/seed/png.js";
import { berlinToday } from "../src/lib/time.js";
import { api, createTestContext, login, type TestContext } from "./helpers.js";

let ctx: TestContext;
let seeded: boolean;
let annaId: string;
let jonasId: string;

const TABLES_WITH_TENANT = [
  "tenancies",
  "payments",
  "invoices",
  "message_threads",
  "messages",
  "appointments",
  "documents",
  "meter_readings",
  "photos",
  "repairs",
] as const;

async function countRows(table: (typeof TABLES_WITH_TENANT)[number] | "tenants" | "repair_status_history") {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function tenantIdOf(email: string): Promise<string> {
  const row = await ctx.db.selectFrom("tenants").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

/** Checks that every xref entry points at the start of its object, as a strict PDF reader would. */
/**
 * A PDF strict readers open: its classic cross-reference table points at every object, and
 * pdf-lib reads it back as one page; answers the loaded document.
 */
async function expectValidPdf(pdf: Buffer): Promise<PDFDocument> {
  const text = pdf.toString("latin1");
  expect(text.startsWith("%PDF-")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
  // Each entry is 20 bytes: 10-digit offset, space, 5-digit generation, space, n/f, two-byte end of line.
  const entries = [...text.slice(startxref).matchAll(/^(\d{10}) \d{5} [nf](?: \n|\r\n| \r)/gm)];
  expect(entries.length).toBe(Number(count));
  entries.slice(1).forEach(([, offset], index) => {
    const at = Number(offset);
    expect(text.slice(at, at + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
  });
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  expect(doc.getPageCount()).toBe(1);
  return doc;
}

/** The decoded content streams of a PDF's first page. */
function pageContent(doc: PDFDocument): string {
  const contents = doc.getPage(0).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
      return Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
    })
    .join("\n");
}

beforeAll(async () => {
  ctx = await createTestContext();
  seeded = await seedDemoIfEmpty(ctx.db, ctx.app.files);
  annaId = await tenantIdOf(DEMO_EMAIL);
  jonasId = await tenantIdOf(NEIGHBOUR_EMAIL);
}, 60_000);
afterAll(() => ctx.close());

describe("demo seed", () => {
  it("seeds an empty database once; a second call writes nothing and returns false", async () => {
    expect(seeded).toBe(true);
    const before = await Promise.all(TABLES_WITH_TENANT.map(countRows));
    expect(await seedDemoIfEmpty(ctx.db, ctx.app.files)).toBe(false);
    expect(await countRows("tenants")).toBe(2);
    expect(await Promise.all(TABLES_WITH_TENANT.map(countRows))).toEqual(before);
  });

  it("lets demo@example.com / demo1234 sign in and shows name, address and apartment", async () => {
    const token = await login(ctx.app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const res = await api(ctx.app, token).get("/api/v1/auth/user");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: DEMO_EMAIL,
      firstName: "Anna",
      lastName: "Schneider",
      address: "Lindenstraße 5, 10969 Berlin",
      apartment_number: "3. OG links",
    });
  });

  it("lets nachbar@example.com / demo1234 sign in as another person", async () => {
    const token = await login(ctx.app, { email: NEIGHBOUR_EMAIL, password: DEMO_PASSWORD });
    const res = await api(ctx.app, token).get("/api/v1/auth/user");
    expect(res.json()).toMatchObject({ email: NEIGHBOUR_EMAIL, firstName: "Jonas", lastName: "Weber" });
    expect(res.json().id).not.toBe(annaId);
  });

  it("stores argon2id hashes, each with its own salt", async () => {
    const rows = await ctx.db.selectFrom("tenants").select("password_hash").execute();
    for (const row of rows) expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
  });

  it("gives the demo tenant a running tenancy of 750 = 550 + 200 by SEPA direct debit due on the 3rd", async () => {
    const tenancy = await ctx.db.selectFrom("tenancies").selectAll().where("tenant_id", "=", annaId).execute();
    expect(tenancy).toHaveLength(1);
    expect(tenancy[0]).toMatchObject({
      base_rent_cents: 55_000,
      utilities_cents: 20_000,
      payment_method: "sepa_direct_debit",
      due_day: 3,
      end_date: null,
    });
    expect(tenancy[0]!.iban_last4).toMatch(/^\d{4}$/);
    expect(tenancy[0]!.start_date < `${new Date().getUTCFullYear() - 2}-01-01`).toBe(true);
  });

  it("has a paid payment for every month of the last three calendar years and next month's pending one", async () => {
    const payments = await ctx.db
      .selectFrom("payments")
      .selectAll()
      .where("tenant_id", "=", annaId)
      .orderBy("due_date", "asc")
      .execute();
    const today = berlinToday();
    const year = Number(today.slice(0, 4));
    const paid = payments.filter((p) => p.status === "paid");
    const pending = payments.filter((p) => p.status === "pending");
    expect(paid[0]!.due_date).toBe(`${year - 2}-01-03`);
    expect(paid.length).toBeGreaterThanOrEqual(24);
    for (const p of payments) {
      expect(p.amount_cents).toBe(75_000);
      expect(p.due_date.slice(8)).toBe("03");
    }
    // One instalment per month, without gaps.
    const months = payments.map((p) => p.due_date.slice(0, 7));
    expect(new Set(months).size).toBe(months.length);
    for (const p of paid) {
      expect(p.due_date <= today).toBe(true);
      const daysEarly = (Date.parse(`${p.due_date}T12:00:00Z`) - Date.parse(p.paid_at!)) / 86_400_000;
      expect(daysEarly).toBeGreaterThan(0);
      expect(daysEarly).toBeLessThan(3);
    }
    expect(pending).toHaveLength(1);
    expect(pending[0]!.due_date > today).toBe(true);
    expect(pending[0]!.due_date).toBe(payments[payments.length - 1]!.due_date);
  });

  it("answers GET payments/current with 750 € pending on the 3rd", async () => {
    const token = await login(ctx.app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const res = await api(ctx.app, token).get("/api/v1/tenant/payments/current");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 750, currency: "EUR", status: "pending" });
    expect(res.json().due_date.slice(8)).toBe("03");
  });

  it("has one open invoice of 184,50 € and one settled", async () => {
    const invoices = await ctx.db.selectFrom("invoices").selectAll().where("tenant_id", "=", annaId).execute();
    const open = invoices.filter((i) => i.paid_at === null);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ amount_cents: 18_450, currency: "EUR" });
    expect(open[0]!.title).toMatch(/^Nebenkostennachzahlung \d{4}$/);
    expect(open[0]!.due_date > berlinToday()).toBe(true);
    expect(invoices.length - open.length).toBe(1);
  });

  it("has messages from the management: ≥ 4 threads, some unread, one longer than 120 characters, a tenant reply", async () => {
    const threads = await ctx.db.selectFrom("message_threads").selectAll().where("tenant_id", "=", annaId).execute();
    expect(threads.length).toBeGreaterThanOrEqual(4);
    const messages = await ctx.db.selectFrom("messages").selectAll().where("tenant_id", "=", annaId).execute();
    const unread = messages.filter((m) => m.direction === "inbound" && m.read_at === null);
    expect(unread.length).toBeGreaterThanOrEqual(2);
    expect(messages.some((m) => m.content.length > 120)).toBe(true);
    const staffMessages = messages.filter((m) => m.actor_kind === "staff");
    expect(staffMessages.length).toBeGreaterThan(0);
    for (const m of staffMessages) expect(m.staff_user_id).not.toBeNull();
    const replies = messages.filter((m) => m.direction === "outbound");
    expect(replies.length).toBeGreaterThan(0);
    for (const m of replies) expect(m).toMatchObject({ actor_kind: "tenant", sender_name: "Anna Schneider" });
    // The reply sits in a thread the management also wrote in.
    const replyThread = replies[0]!.thread_id;
    expect(messages.some((m) => m.thread_id === replyThread && m.direction === "inbound")).toBe(true);
    // last_message_at is the newest message of each thread.
    for (const t of threads) {
      const newest = messages
        .filter((m) => m.thread_id === t.id)
        .map((m) => m.received_at)
        .sort()
        .at(-1);
      expect(t.last_message_at).toBe(newest);
    }
    for (const m of messages) expect(m.received_at < new Date().toISOString()).toBe(true);
  });

  it("has an upcoming pending, an upcoming confirmed and past completed appointments, each with its status trail", async () => {
    const now = new Date().toISOString();
    const rows = await ctx.db.selectFrom("appointments").selectAll().where("tenant_id", "=", annaId).execute();
    const upcoming = rows.filter((a) => a.start_time > now).sort((a, b) => a.start_time.localeCompare(b.start_time));
    expect(upcoming.map((a) => a.status)).toEqual(["pending", "confirmed"]);
    const daysAhead = (Date.parse(upcoming[0]!.start_time) - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(3);
    expect(daysAhead).toBeLessThan(7);
    const past = rows.filter((a) => a.end_time < now);
    expect(past.length).toBeGreaterThanOrEqual(2);
    for (const a of past) expect(a.status).toBe("completed");
    for (const a of rows) {
      expect(a.end_time > a.start_time).toBe(true);
      const trail = await ctx.db
        .selectFrom("appointment_status_changes")
        .selectAll()
        .where("appointment_id", "=", a.id)
        .orderBy("changed_at")
        .execute();
      expect(trail.at(-1)!.status).toBe(a.status);
    }
  });

  it("has documents of every type, each a real PDF in the file store", async () => {
    const docs = await ctx.db.selectFrom("documents").selectAll().where("tenant_id", "=", annaId).execute();
    expect(new Set(docs.map((d) => d.type))).toEqual(new Set(documentType.options));
    expect(docs.filter((d) => d.type === "utility")).toHaveLength(2);
    for (const d of docs) {
      expect(d.is_tenant_uploaded).toBe(d.type === "personal" ? 1 : 0);
      expect(d.actor_kind).toBe(d.type === "personal" ? "tenant" : "staff");
      expect(d.mime_type).toBe("application/pdf");
      const bytes = await readFile(path.join(ctx.dataDir, "files", d.storage_key));
      expect(bytes.length).toBe(d.size_bytes);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(bytes.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
      expect((await expectValidPdf(bytes)).getTitle()).toBe(d.title);
    }
  });

  it("serves a seeded PDF through the download route", async () => {
    const token = await login(ctx.app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const list = await api(ctx.app, token).get("/api/v1/tenant/documents");
    expect(list.statusCode).toBe(200);
    const contract = list.json().find((d: { type: string }) => d.type === "contract");
    const file = await api(ctx.app, token).get(contract.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(file.rawPayload.length).toBe(contract.file_size);
  });

  it("has meter readings with rising values, stored as thousandths", async () => {
    const readings = await ctx.db
      .selectFrom("meter_readings")
      .selectAll()
      .where("tenant_id", "=", annaId)
      .orderBy("reading_date")
      .execute();
    expect(readings.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < readings.length; i++) {
      for (const meter of ["water_milli", "electricity_milli", "heating_milli"] as const) {
        expect(Number(readings[i]![meter])).toBeGreaterThan(Number(readings[i - 1]![meter]));
      }
    }
    expect(readings.some((r) => Number(r.water_milli) % 1000 !== 0)).toBe(true);
    const photos = await ctx.db.selectFrom("photos").selectAll().where("tenant_id", "=", annaId).execute();
    for (const p of photos) {
      const bytes = await readFile(path.join(ctx.dataDir, "files", p.storage_key));
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(bytes.length).toBe(p.size_bytes);
    }
    expect(new Set(photos.map((p) => p.owner_type))).toEqual(new Set(["meter_reading", "repair"]));
  });

  it("has a repair in every status, with histories by tenant, staff and system", async () => {
    const repairs = await ctx.db.selectFrom("repairs").selectAll().where("tenant_id", "=", annaId).execute();
    expect(new Set(repairs.map((r) => r.status))).toEqual(new Set(repairStatus.options));
    const history = await ctx.db
      .selectFrom("repair_status_history")
      .selectAll()
      .where(
        "repair_id",
        "in",
        repairs.map((r) => r.id),
      )
      .execute();
    expect(new Set(history.map((h) => h.actor_kind))).toEqual(new Set(["tenant", "staff", "system"]));
    for (const r of repairs) {
      const own = history.filter((h) => h.repair_id === r.id).sort((a, b) => a.changed_at.localeCompare(b.changed_at));
      expect(own[0]).toMatchObject({ status: "reported", actor_kind: "tenant" });
      expect(own.at(-1)!.status).toBe(r.status);
      expect(r.completed_at !== null).toBe(r.status === "completed");
    }
    expect(repairs.find((r) => r.status === "scheduled")!.planned_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("answers every read of the demo tenant with 200 and the seeded content (rows fit the contracts)", async () => {
    const token = await login(ctx.app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const client = api(ctx.app, token);
    const get = async (url: string) => {
      const res = await client.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const year = Number(berlinToday().slice(0, 4));
    const finances = await get("/api/v1/tenant/finances");
    expect(finances.rent).toMatchObject({
      base_rent: 550,
      utilities: 200,
      total: 750,
      payment_method: "sepa_direct_debit",
    });
    // Next month's pending charge: in December it falls in the next year, which the years list then leads with.
    const nextMonthsYear = berlinToday().slice(5, 7) === "12" ? year + 1 : year;
    expect(finances.years).toEqual([...(nextMonthsYear > year ? [nextMonthsYear] : []), year, year - 1, year - 2]);
    expect(finances.open_invoices).toEqual([expect.objectContaining({ amount: 184.5 })]);
    expect((await get(`/api/v1/tenant/finances?year=${year - 2}`)).payments).toHaveLength(12);

    const threads = await get("/api/v1/tenant/messages");
    expect(threads.length).toBeGreaterThanOrEqual(4);
    expect((await get("/api/v1/tenant/messages?filter=unread")).length).toBeGreaterThanOrEqual(2);
    for (const t of threads)
      expect((await get(`/api/v1/tenant/messages/${t.id}`)).messages.length).toBe(t.message_count);

    const appointments = await get("/api/v1/tenant/appointments");
    expect(appointments.length).toBe(4);
    for (const a of appointments) expect((await get(`/api/v1/tenant/appointments/${a.id}`)).id).toBe(a.id);

    expect((await get("/api/v1/tenant/documents")).length).toBe(6);
    const readings = await get("/api/v1/tenant/meter-readings");
    expect(readings.length).toBeGreaterThanOrEqual(3);
    expect(readings.some((r: { photos: unknown[] }) => r.photos.length === 1)).toBe(true);

    const repairs = await get("/api/v1/tenant/repairs");
    expect(repairs).toHaveLength(6);
    expect(repairs.filter((r: { photos: unknown[] }) => r.photos.length > 0)).toHaveLength(1);
    for (const r of repairs) {
      const detail = await get(`/api/v1/tenant/repairs/${r.id}`);
      expect(detail.history.at(-1).status).toBe(r.status);
      for (const photo of detail.photos) {
        const res = await client.get(photo.url);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toContain("image/png");
      }
    }
  });

  it("gives the neighbour rows of their own in every area", async () => {
    for (const table of TABLES_WITH_TENANT.filter((t) => t !== "invoices" && t !== "photos")) {
      const row = await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", jonasId)
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBeGreaterThan(0);
    }
    const token = await login(ctx.app, { email: NEIGHBOUR_EMAIL, password: DEMO_PASSWORD });
    const res = await api(ctx.app, token).get("/api/v1/tenant/payments/current");
    expect(res.json()).toMatchObject({ amount: 620, status: "pending" });
  });
});

describe("relative dates", () => {
  it("places the pending instalment after the pinned 'now', also early in a month", () => {
    const cal = calendarAt(new Date("2030-03-02T10:00:00Z"));
    const payments = rentPayments(monthlyDueDates("2028-01", 3), 75_000, cal);
    expect(payments.at(-1)).toMatchObject({ status: "pending", dueDate: "2030-03-03" });
    expect(payments.at(-2)).toMatchObject({ status: "paid", dueDate: "2030-02-03" });
    expect(payments).toHaveLength(27);
  });

  it("clamps the due day to short months", () => {
    const dates = monthlyDueDates("2031-01", 31);
    expect([dates.next().value, dates.next().value, dates.next().value]).toEqual([
      "2031-01-31",
      "2031-02-28",
      "2031-03-31",
    ]);
  });
});

describe("file generators", () => {
  it("writes German text in WinAnsi, PDF string delimiters included", async () => {
    const title = "Größe (Übersicht) \\ Straße";
    const doc = await expectValidPdf(await createPdf({ title, lines: ["Grüße: 12,50 €"], author: "Grünfeld" }));
    expect(doc.getTitle()).toBe(title);
    expect(doc.getAuthor()).toBe("Grünfeld");
    // Each text is one string of WinAnsi bytes (ß is 0xDF, € is 0x80).
    const hex = (text: string) =>
      `<${Buffer.from(text.replace("€", "\x80"), "latin1").toString("hex").toUpperCase()}> Tj`;
    const content = pageContent(doc);
    expect(content).toContain(hex(title));
    expect(content).toContain(hex("Grüße: 12,50 €"));
  });

  it("writes PNGs with a valid signature and header", () => {
    const png = createPng(4, 3, [0, 0, 0], [255, 255, 255]);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(4);
    expect(png.readUInt32BE(20)).toBe(3);
    expect(png.subarray(-8, -4).toString("ascii")).toBe("IEND");
  });
});

// Runs last: it empties the seeded database and seeds it again from two callers at once.
describe("two processes starting at once", () => {
  it("lets exactly one of two simultaneous seeds write, and leaves no stray files", async () => {
    const storedFiles = async () =>
      (await readdir(path.join(ctx.dataDir, "files"), { recursive: true, withFileTypes: true })).filter((e) =>
        e.isFile(),
      ).length;
    await ctx.db.deleteFrom("tenants").execute();
    const filesBefore = await storedFiles();
    const results = await Promise.all([seedDemoIfEmpty(ctx.db, ctx.app.files), seedDemoIfEmpty(ctx.db, ctx.app.files)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const tenants = await ctx.db.selectFrom("tenants").select("email").orderBy("email").execute();
    expect(tenants.map((t) => t.email)).toEqual([DEMO_EMAIL, NEIGHBOUR_EMAIL]);
    expect(await countRows("documents")).toBe(7);
    const docs = await ctx.db.selectFrom("documents").select("storage_key").execute();
    const photos = await ctx.db.selectFrom("photos").select("storage_key").execute();
    expect((await storedFiles()) - filesBefore).toBe(docs.length + photos.length);
  }, 60_000);
});
