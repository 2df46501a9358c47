import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPdf } from "../src/db/seed/pdf.js";
import { insertRepair as insertRepairRow } from "../src/domain/repairs/rows.js";
import { addMonths, berlinToday, nowIso } from "../src/lib/time.js";
import { adminIn } from "./factories/admin-cli.js";
import { API_KEY, api, createTenant, createTestContext, login, type TestContext, UNKNOWN_ID } from "./helpers.js";

let ctx: TestContext;
let workDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  workDir = await mkdtemp(path.join(tmpdir(), "mp-admin-"));
});
afterAll(async () => {
  await ctx.close();
  await rm(workDir, { recursive: true, force: true });
});

/** Runs a command in-process against the test database; returns exit code and printed text. */
const admin = (...argv: string[]) => adminIn(ctx, ...argv);

async function tenantByEmail(email: string) {
  return ctx.db
    .selectFrom("tenants")
    .selectAll()
    .where("email_normalized", "=", email.toLowerCase())
    .executeTakeFirst();
}

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

function createTenantArgs(email: string, overrides: Record<string, string> = {}) {
  const options: Record<string, string> = {
    email,
    password: "anfangs-passwort",
    "first-name": "Clara",
    "last-name": "Böhm",
    address: "Kastanienallee 12, 10435 Berlin",
    apartment: "2. OG rechts",
    start: "2021-05-01",
    "base-rent": "550",
    utilities: "200,00",
    ...overrides,
  };
  const given = Object.entries(options).filter(([, v]) => v !== "<omit>");
  return ["create-tenant", ...given.flatMap(([k, v]) => [`--${k}`, v])];
}

function insertRepair(tenantId: string) {
  return insertRepairRow(ctx.db, tenantId, {
    type: "plumbing",
    location: "bathroom",
    description: "Die Toilettenspülung läuft ständig nach.",
    urgency: "medium",
    history: [{ status: "reported", at: nowIso(), actor: { kind: "tenant", name: "Erika Mustermann" } }],
  });
}

describe("help and bad commands", () => {
  it("help lists every command and exits 0", async () => {
    const res = await admin("help");
    expect(res.code).toBe(0);
    for (const name of [
      "create-tenant",
      "end-tenancy",
      "reset-password",
      "send-message",
      "publish-document",
      "set-repair-status",
      "propose-appointment",
      "list-tenants",
      "list-repairs",
      "list-messages",
    ]) {
      expect(res.out).toContain(name);
    }
  });

  it("help <command> and --help show that command's options", async () => {
    expect((await admin("help", "end-tenancy")).out).toContain("end-tenancy --email <adresse> --date JJJJ-MM-TT");
    const res = await admin("send-message", "--help");
    expect(res.code).toBe(0);
    expect(res.out).toContain("--thread");
  });

  it("no command, an unknown command or help for an unknown command: overview on stderr, exit 2", async () => {
    for (const argv of [[], ["make-coffee"], ["help", "make-coffee"]]) {
      const res = await admin(...argv);
      expect(res.code).toBe(2);
      expect(res.err).toContain("Aufruf: npm run admin -- <befehl>");
    }
    expect((await admin("make-coffee")).err).toContain("Unbekannter Befehl: make-coffee");
  });
});

describe("create-tenant", () => {
  it("creates tenant and tenancy; the tenant signs in through the API", async () => {
    const email = uniqueEmail("clara");
    const res = await admin(
      ...createTenantArgs(email, { "payment-method": "standing_order", "due-day": "5", "iban-last4": "9876" }),
    );
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain(`Mieter angelegt: Clara Böhm <${email}>`);
    expect(res.out).toContain("750,00 EUR");
    const tenant = await tenantByEmail(email);
    expect(tenant).toMatchObject({ first_name: "Clara", last_name: "Böhm", email });
    expect(tenant!.password_hash).toMatch(/^\$argon2id\$/);
    const tenancy = await ctx.db
      .selectFrom("tenancies")
      .selectAll()
      .where("tenant_id", "=", tenant!.id)
      .executeTakeFirstOrThrow();
    expect(tenancy).toMatchObject({
      address: "Kastanienallee 12, 10435 Berlin",
      apartment_number: "2. OG rechts",
      start_date: "2021-05-01",
      end_date: null,
      base_rent_cents: 55_000,
      utilities_cents: 20_000,
      payment_method: "standing_order",
      due_day: 5,
      iban_last4: "9876",
    });

    const token = await login(ctx.app, { email, password: "anfangs-passwort" });
    const user = await api(ctx.app, token).get("/api/v1/auth/user");
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email, firstName: "Clara", apartment_number: "2. OG rechts" });
  });

  it("defaults to SEPA direct debit due on the 3rd and takes amounts with cents", async () => {
    const email = uniqueEmail("default");
    const res = await admin(...createTenantArgs(email, { "base-rent": "1.234,56", utilities: "99.5" }));
    expect(res.code, res.err).toBe(0);
    const tenant = await tenantByEmail(email);
    const tenancy = await ctx.db
      .selectFrom("tenancies")
      .selectAll()
      .where("tenant_id", "=", tenant!.id)
      .executeTakeFirstOrThrow();
    expect(tenancy).toMatchObject({
      payment_method: "sepa_direct_debit",
      due_day: 3,
      base_rent_cents: 123_456,
      utilities_cents: 9_950,
      iban_last4: null,
    });
  });

  it("refuses an e-mail address that exists in any letter case (exit 1)", async () => {
    const email = uniqueEmail("twice");
    expect((await admin(...createTenantArgs(email))).code).toBe(0);
    const res = await admin(...createTenantArgs(email.toUpperCase()));
    expect(res.code).toBe(1);
    expect(res.err).toContain("bereits");
    const count = await ctx.db
      .selectFrom("tenants")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email_normalized", "=", email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it.each<[string, Record<string, string>, string]>([
    ["a missing password", { password: "<omit>" }, "--password"],
    ["a short password", { password: "kurz" }, "mindestens 8 Zeichen"],
    ["an invalid e-mail", { email: "keine-adresse" }, "--email"],
    ["an impossible date", { start: "2025-02-30" }, "--start"],
    ["an unknown payment method", { "payment-method": "cash" }, "Zahlungsart"],
    ["a due day of 0", { "due-day": "0" }, "Fälligkeitstag"],
    ["a due day that is no number", { "due-day": "drei" }, "Fälligkeitstag"],
    ["a rent that is no amount", { "base-rent": "viel" }, "Grundmiete"],
    ["a negative rent", { "base-rent": "-5" }, "--base-rent braucht einen Wert"],
    ["a blank first name", { "first-name": "   " }, "Vorname"],
    ["a too long last name", { "last-name": "x".repeat(101) }, "Nachname"],
    ["a malformed IBAN suffix", { "iban-last4": "12a4" }, "IBAN"],
  ])("rejects %s with usage and exit 2, writing nothing", async (_label, overrides, message) => {
    const email = overrides.email ?? uniqueEmail("bad");
    const res = await admin(...createTenantArgs(email, overrides));
    expect(res.code).toBe(2);
    expect(res.err).toContain(message);
    expect(res.err).toContain("Aufruf: npm run admin -- create-tenant");
    expect(await tenantByEmail(email)).toBeUndefined();
  });

  it("rejects unknown options, options without value and stray arguments", async () => {
    const email = uniqueEmail("stray");
    expect((await admin(...createTenantArgs(email), "--balcony", "ja")).err).toContain("Unbekannte Option: --balcony");
    expect((await admin(...createTenantArgs(email), "extra")).code).toBe(2);
    expect((await admin("create-tenant", "--email")).code).toBe(2);
    const negative = await admin(
      ...createTenantArgs(email).filter((a) => a !== "--base-rent" && a !== "550"),
      "--base-rent=-5",
    );
    expect(negative.code).toBe(2);
    expect(negative.err).toContain("Grundmiete muss ein Betrag in Euro sein");
    expect(await tenantByEmail(email)).toBeUndefined();
  });
});

describe("end-tenancy", () => {
  it("an end more than 3 months ago blocks login (403) and live tokens (401)", async () => {
    const email = uniqueEmail("moved");
    await admin(...createTenantArgs(email));
    const token = await login(ctx.app, { email, password: "anfangs-passwort" });
    expect((await api(ctx.app, token).get("/api/v1/auth/user")).statusCode).toBe(200);

    const end = addMonths(berlinToday(), -4);
    const res = await admin("end-tenancy", "--email", email, "--date", end);
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain("Zugang zum Portal ist beendet");
    const tenant = await tenantByEmail(email);
    const tenancy = await ctx.db
      .selectFrom("tenancies")
      .select("end_date")
      .where("tenant_id", "=", tenant!.id)
      .executeTakeFirstOrThrow();
    expect(tenancy.end_date).toBe(end);

    const live = await api(ctx.app, token).get("/api/v1/auth/user");
    expect(live.statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-api-key": API_KEY },
      payload: { email, password: "anfangs-passwort" },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe("access_ended");
  });

  it("an end within the last 3 months keeps access and says until when", async () => {
    const email = uniqueEmail("leaving");
    await admin(...createTenantArgs(email));
    const end = addMonths(berlinToday(), -1);
    const res = await admin("end-tenancy", "--email", email, "--date", end);
    expect(res.code).toBe(0);
    expect(res.out).toContain("Zugang zum Portal bis einschließlich");
    await expect(login(ctx.app, { email, password: "anfangs-passwort" })).resolves.toBeTypeOf("string");
  });

  it("refuses an end before the start (exit 1), unknown tenants (exit 1) and bad dates (exit 2)", async () => {
    const email = uniqueEmail("early");
    await admin(...createTenantArgs(email));
    const before = await admin("end-tenancy", "--email", email, "--date", "2021-04-30");
    expect(before.code).toBe(1);
    expect(before.err).toContain("vor dem Beginn");
    const tenant = await tenantByEmail(email);
    const tenancy = await ctx.db
      .selectFrom("tenancies")
      .select("end_date")
      .where("tenant_id", "=", tenant!.id)
      .executeTakeFirstOrThrow();
    expect(tenancy.end_date).toBeNull();

    const unknown = await admin("end-tenancy", "--email", "niemand@example.com", "--date", "2025-01-01");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("keinen Mieter");
    expect((await admin("end-tenancy", "--email", email, "--date", "31.12.2025")).code).toBe(2);
    expect((await admin("end-tenancy", "--email", email)).code).toBe(2);
  });
});

describe("reset-password", () => {
  it("with --password sets it and ends every session", async () => {
    const tenant = await createTenant(ctx.db);
    const token = await login(ctx.app, tenant);
    // Tokens carry whole seconds: the reset happens two seconds later on the clock (Date only).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2000, shouldAdvanceTime: true });
    try {
      const res = await admin("reset-password", "--email", tenant.email, "--password", "ganz-neu-123");
      expect(res.code, res.err).toBe(0);
      expect(res.out).toContain("Neues Passwort");
      expect((await api(ctx.app, token).get("/api/v1/auth/user")).statusCode).toBe(401);
      await expect(login(ctx.app, { email: tenant.email, password: "ganz-neu-123" })).resolves.toBeTypeOf("string");
      await expect(login(ctx.app, tenant)).rejects.toThrow(/401/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("without --password mails a one-time link that works with the API", async () => {
    const tenant = await createTenant(ctx.db);
    const res = await admin("reset-password", "--email", tenant.email);
    expect(res.code, res.err).toBe(0);
    const link = /Link: (\S+)/.exec(res.out)?.[1];
    expect(link).toMatch(/\/reset-password#token=/);
    const token = decodeURIComponent(new URLSearchParams(new URL(link!).hash.slice(1)).get("token")!);

    const outbox = path.join(ctx.dataDir, "outbox");
    const mails = await Promise.all((await readdir(outbox)).map((f) => readFile(path.join(outbox, f), "utf8")));
    // Quoted-printable bodies wrap long lines with soft breaks ("=" at the line end).
    const mail = mails.map((m) => m.replace(/=\r?\n/g, "")).find((m) => m.includes(`To: ${tenant.email}`));
    expect(mail).toBeDefined();
    expect(mail).toContain(link!.replace(/=/g, "=3D"));

    const confirm = await api(ctx.app).post("/api/v1/auth/password-reset/confirm", {
      token,
      newPassword: "per-link-gesetzt",
    });
    expect(confirm.statusCode).toBe(200);
    await expect(login(ctx.app, { email: tenant.email, password: "per-link-gesetzt" })).resolves.toBeTypeOf("string");
  });

  it("unknown tenant → exit 1; a short password → exit 2 and nothing changes", async () => {
    expect((await admin("reset-password", "--email", "niemand@example.com")).code).toBe(1);
    const tenant = await createTenant(ctx.db);
    const before = (await tenantByEmail(tenant.email))!.password_hash;
    const res = await admin("reset-password", "--email", tenant.email, "--password", "kurz");
    expect(res.code).toBe(2);
    expect((await tenantByEmail(tenant.email))!.password_hash).toBe(before);
  });
});

describe("send-message", () => {
  it("starts a conversation from the management that the tenant sees unread", async () => {
    const tenant = await createTenant(ctx.db);
    const res = await admin(
      "send-message",
      "--email",
      tenant.email,
      "--subject",
      "Wasserabstellung",
      "--content",
      "Am Montag wird von 9 bis 12 Uhr das Wasser abgestellt.",
    );
    expect(res.code, res.err).toBe(0);
    const threads = await ctx.db.selectFrom("message_threads").selectAll().where("tenant_id", "=", tenant.id).execute();
    expect(threads).toHaveLength(1);
    expect(threads[0]!.subject).toBe("Wasserabstellung");
    expect(res.out).toContain(threads[0]!.id);
    const messages = await ctx.db.selectFrom("messages").selectAll().where("thread_id", "=", threads[0]!.id).execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      direction: "inbound",
      actor_kind: "staff",
      sender_name: ctx.config.brand.companyName,
      read_at: null,
      tenant_id: tenant.id,
    });

    const token = await login(ctx.app, tenant);
    const list = await api(ctx.app, token).get("/api/v1/tenant/messages?filter=unread");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: threads[0]!.id, subject: "Wasserabstellung", unread: true }),
    ]);
  });

  it("--thread adds a reply with the given sender and moves the conversation up", async () => {
    const tenant = await createTenant(ctx.db);
    await admin("send-message", "--email", tenant.email, "--subject", "Schlüssel", "--content", "Erste Nachricht");
    const thread = await ctx.db
      .selectFrom("message_threads")
      .selectAll()
      .where("tenant_id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 5));
    const res = await admin(
      "send-message",
      "--email",
      tenant.email,
      "--thread",
      thread.id,
      "--content",
      "Ihr Schlüssel liegt bereit.",
      "--sender",
      "Tom Hausmeister",
    );
    expect(res.code, res.err).toBe(0);
    const messages = await ctx.db
      .selectFrom("messages")
      .selectAll()
      .where("thread_id", "=", thread.id)
      .orderBy("received_at")
      .execute();
    // Signed "Name, Firma" as the console signs (issue 25 item 6).
    expect(messages.map((m) => m.sender_name)).toEqual([
      ctx.config.brand.companyName,
      `Tom Hausmeister, ${ctx.config.brand.companyName}`,
    ]);
    const after = await ctx.db
      .selectFrom("message_threads")
      .select("last_message_at")
      .where("id", "=", thread.id)
      .executeTakeFirstOrThrow();
    expect(after.last_message_at).toBe(messages[1]!.received_at);
    expect(after.last_message_at > thread.last_message_at).toBe(true);
  });

  it("refuses another tenant's thread (exit 1) and writes nothing", async () => {
    const owner = await createTenant(ctx.db);
    const other = await createTenant(ctx.db);
    await admin("send-message", "--email", owner.email, "--subject", "Privat", "--content", "Nur für Sie.");
    const thread = await ctx.db
      .selectFrom("message_threads")
      .selectAll()
      .where("tenant_id", "=", owner.id)
      .executeTakeFirstOrThrow();
    const res = await admin("send-message", "--email", other.email, "--thread", thread.id, "--content", "Hallo");
    expect(res.code).toBe(1);
    const count = await ctx.db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("thread_id", "=", thread.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    expect(await ctx.db.selectFrom("messages").select("id").where("tenant_id", "=", other.id).execute()).toEqual([]);
  });

  it("bad arguments → usage and exit 2", async () => {
    const tenant = await createTenant(ctx.db);
    const cases = [
      ["--email", tenant.email, "--content", "ohne Betreff"],
      ["--email", tenant.email, "--subject", "Leer", "--content", "  "],
      ["--email", tenant.email, "--subject", "Lang", "--content", "x".repeat(5001)],
      ["--email", tenant.email, "--thread", "keine-id", "--content", "Hallo"],
      ["--subject", "Ohne Empfänger", "--content", "Hallo"],
    ];
    for (const argv of cases) {
      const res = await admin("send-message", ...argv);
      expect(res.code, argv.join(" ")).toBe(2);
      expect(res.err).toContain("Aufruf: npm run admin -- send-message");
    }
    expect(await ctx.db.selectFrom("messages").select("id").where("tenant_id", "=", tenant.id).execute()).toEqual([]);
  });
});

describe("publish-document", () => {
  it("stores a PDF for the tenant, who can list and download it", async () => {
    const tenant = await createTenant(ctx.db);
    const bytes = await createPdf({ title: "Mieterhöhung zum 1. März" });
    const file = path.join(workDir, "Mieterhöhung.pdf");
    await writeFile(file, bytes);
    const res = await admin(
      "publish-document",
      "--email",
      tenant.email,
      "--file",
      file,
      "--title",
      "Mieterhöhung",
      "--type",
      "contract",
    );
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain("veröffentlicht");
    const row = await ctx.db
      .selectFrom("documents")
      .selectAll()
      .where("tenant_id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: "Mieterhöhung",
      type: "contract",
      mime_type: "application/pdf",
      size_bytes: bytes.length,
      is_tenant_uploaded: 0,
      actor_kind: "staff",
    });

    const token = await login(ctx.app, tenant);
    const list = await api(ctx.app, token).get("/api/v1/tenant/documents");
    expect(list.json()).toEqual([expect.objectContaining({ id: row.id, type: "contract", is_tenant_uploaded: false })]);
    const download = await api(ctx.app, token).get(list.json()[0].file_url);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
  });

  it("refuses files that are no document (exit 1), missing files (exit 1) and wrong types (exit 2)", async () => {
    const tenant = await createTenant(ctx.db);
    const text = path.join(workDir, "notiz.pdf");
    await writeFile(text, "Das ist kein PDF, nur Text.");
    const wrongBytes = await admin(
      "publish-document",
      "--email",
      tenant.email,
      "--file",
      text,
      "--title",
      "Notiz",
      "--type",
      "utility",
    );
    expect(wrongBytes.code).toBe(1);
    expect(wrongBytes.err).toContain("Dokument nicht veröffentlicht");
    const missing = await admin(
      "publish-document",
      "--email",
      tenant.email,
      "--file",
      path.join(workDir, "gibt-es-nicht.pdf"),
      "--title",
      "Fehlt",
      "--type",
      "utility",
    );
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("nicht lesbar");
    const personal = await admin(
      "publish-document",
      "--email",
      tenant.email,
      "--file",
      text,
      "--title",
      "X",
      "--type",
      "personal",
    );
    expect(personal.code).toBe(2);
    expect(personal.err).toContain("Dokumentart");
    expect(await ctx.db.selectFrom("documents").select("id").where("tenant_id", "=", tenant.id).execute()).toEqual([]);
  });
});

describe("set-repair-status", () => {
  it("sets scheduled with a planned date, then completed, recording the staff member in the history", async () => {
    const tenant = await createTenant(ctx.db);
    const repairId = await insertRepair(tenant.id);
    const scheduled = await admin(
      "set-repair-status",
      "--id",
      repairId,
      "--status",
      "scheduled",
      "--planned-date",
      "2030-04-02",
      "--note",
      "Installateur kommt vormittags.",
      "--sender",
      "Sabine Krüger",
    );
    expect(scheduled.code, scheduled.err).toBe(0);
    // The same status words as the console and the tenant app (contracts' REPAIR_STATUS_LABELS).
    expect(scheduled.out).toContain("Status „Termin geplant“");
    let repair = await ctx.db.selectFrom("repairs").selectAll().where("id", "=", repairId).executeTakeFirstOrThrow();
    expect(repair).toMatchObject({ status: "scheduled", planned_date: "2030-04-02", completed_at: null });

    const completed = await admin("set-repair-status", "--id", repairId, "--status", "completed");
    expect(completed.code, completed.err).toBe(0);
    repair = await ctx.db.selectFrom("repairs").selectAll().where("id", "=", repairId).executeTakeFirstOrThrow();
    expect(repair.status).toBe("completed");
    expect(repair.completed_at).not.toBeNull();

    const history = await ctx.db
      .selectFrom("repair_status_history")
      .selectAll()
      .where("repair_id", "=", repairId)
      .orderBy("changed_at")
      .execute();
    expect(history.map((h) => [h.status, h.actor_kind, h.actor_name, h.note])).toEqual([
      ["reported", "tenant", "Erika Mustermann", null],
      ["scheduled", "staff", `Sabine Krüger, ${ctx.config.brand.companyName}`, "Installateur kommt vormittags."],
      ["completed", "staff", ctx.config.brand.companyName, null],
    ]);
  });

  it("unknown repair → exit 1; bad status, bad id or scheduled without date → exit 2, nothing changes", async () => {
    const tenant = await createTenant(ctx.db);
    const repairId = await insertRepair(tenant.id);
    const unknown = await admin("set-repair-status", "--id", UNKNOWN_ID, "--status", "confirmed");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("keine Reparatur");
    for (const argv of [
      ["--id", repairId, "--status", "fixed"],
      ["--id", "123", "--status", "confirmed"],
      ["--id", repairId, "--status", "scheduled"],
      ["--id", repairId, "--status", "scheduled", "--planned-date", "2030-02-30"],
      ["--status", "confirmed"],
    ]) {
      const res = await admin("set-repair-status", ...argv);
      expect(res.code, argv.join(" ")).toBe(2);
      expect(res.err).toContain("Aufruf: npm run admin -- set-repair-status");
    }
    const repair = await ctx.db.selectFrom("repairs").selectAll().where("id", "=", repairId).executeTakeFirstOrThrow();
    expect(repair.status).toBe("reported");
    const history = await ctx.db
      .selectFrom("repair_status_history")
      .select("id")
      .where("repair_id", "=", repairId)
      .execute();
    expect(history).toHaveLength(1);
  });
});

describe("propose-appointment", () => {
  it("creates a pending appointment proposed by staff; local times are Berlin time", async () => {
    const tenant = await createTenant(ctx.db);
    const res = await admin(
      "propose-appointment",
      "--email",
      tenant.email,
      "--type",
      "inspection",
      "--start",
      "2030-07-01T10:00",
      "--end",
      "2030-07-01T11:30",
      "--location",
      "Keller",
      "--sender",
      "Sabine Krüger",
    );
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain("01.07.2030, 10:00–11:30 Uhr");
    const row = await ctx.db
      .selectFrom("appointments")
      .selectAll()
      .where("tenant_id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: "inspection",
      title: "Besichtigung",
      status: "pending",
      start_time: "2030-07-01T08:00:00.000Z",
      end_time: "2030-07-01T09:30:00.000Z",
      location: "Keller",
    });
    const changes = await ctx.db
      .selectFrom("appointment_status_changes")
      .selectAll()
      .where("appointment_id", "=", row.id)
      .execute();
    expect(changes.map((c) => [c.status, c.actor_kind, c.actor_name])).toEqual([
      ["pending", "staff", `Sabine Krüger, ${ctx.config.brand.companyName}`],
    ]);

    const token = await login(ctx.app, tenant);
    const list = await api(ctx.app, token).get("/api/v1/tenant/appointments");
    expect(list.json()).toEqual([expect.objectContaining({ id: row.id, status: "pending", title: "Besichtigung" })]);
  });

  it("takes ISO instants with offset and a title", async () => {
    const tenant = await createTenant(ctx.db);
    const res = await admin(
      "propose-appointment",
      "--email",
      tenant.email,
      "--type",
      "consultation",
      "--title",
      "Gespräch zur Modernisierung",
      "--start",
      "2030-01-15T09:00:00Z",
      "--end",
      "2030-01-15T11:30:00+01:00",
    );
    expect(res.code, res.err).toBe(0);
    const row = await ctx.db
      .selectFrom("appointments")
      .selectAll()
      .where("tenant_id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: "Gespräch zur Modernisierung",
      start_time: "2030-01-15T09:00:00.000Z",
      end_time: "2030-01-15T10:30:00.000Z",
    });
  });

  it("bad arguments → usage and exit 2, nothing written", async () => {
    const tenant = await createTenant(ctx.db);
    for (const argv of [
      ["--type", "party", "--start", "2030-07-01T10:00", "--end", "2030-07-01T11:00"],
      ["--type", "repair", "--start", "2030-07-01T11:00", "--end", "2030-07-01T10:00"],
      ["--type", "repair", "--start", "2020-07-01T10:00", "--end", "2020-07-01T11:00"],
      ["--type", "repair", "--start", "morgen", "--end", "2030-07-01T11:00"],
      ["--type", "repair", "--start", "2030-02-30T10:00", "--end", "2030-03-01T11:00"],
      ["--type", "repair", "--end", "2030-07-01T11:00"],
    ]) {
      const res = await admin("propose-appointment", "--email", tenant.email, ...argv);
      expect(res.code, argv.join(" ")).toBe(2);
      expect(res.err).toContain("Aufruf: npm run admin -- propose-appointment");
    }
    expect(await ctx.db.selectFrom("appointments").select("id").where("tenant_id", "=", tenant.id).execute()).toEqual(
      [],
    );
    expect(
      (
        await admin(
          "propose-appointment",
          "--email",
          "niemand@example.com",
          "--type",
          "repair",
          "--start",
          "2030-07-01T10:00",
          "--end",
          "2030-07-01T11:00",
        )
      ).code,
    ).toBe(1);
  });
});

describe("list-tenants", () => {
  it("lists tenants with address and access state", async () => {
    const active = uniqueEmail("aktiv");
    const gone = uniqueEmail("weg");
    await admin(...createTenantArgs(active));
    await admin(...createTenantArgs(gone));
    await admin("end-tenancy", "--email", gone, "--date", "2022-01-31");
    const res = await admin("list-tenants");
    expect(res.code).toBe(0);
    const lines = res.out.split("\n");
    expect(lines.find((l) => l.startsWith(active))).toContain("Zugang aktiv");
    expect(lines.find((l) => l.startsWith(gone))).toContain("Zugang beendet");
    expect(lines.find((l) => l.startsWith(gone))).toContain("Kastanienallee 12, 10435 Berlin, 2. OG rechts");
    expect((await admin("list-tenants", "--all")).code).toBe(2);
  });
});

describe("list-repairs and list-messages", () => {
  it("list open repairs (all with --all) and a tenant's conversations with their ids", async () => {
    const tenant = await createTenant(ctx.db);
    const open = await insertRepair(tenant.id);
    const done = await insertRepair(tenant.id);
    await admin("set-repair-status", "--id", done, "--status", "completed");
    const openOnly = await admin("list-repairs", "--email", tenant.email);
    expect(openOnly.code).toBe(0);
    expect(openOnly.out).toContain(`${open} | ${tenant.email} | Gemeldet`);
    expect(openOnly.out).not.toContain(done);
    const all = await admin("list-repairs", "--email", tenant.email, "--all");
    expect(all.out).toContain(`${done} | ${tenant.email} | Abgeschlossen`);
    expect((await admin("list-repairs", "--all", "ja")).code).toBe(2);

    await admin(
      "send-message",
      "--email",
      tenant.email,
      "--subject",
      "Aufzug",
      "--content",
      "Der Aufzug wird gewartet.",
    );
    const thread = await ctx.db
      .selectFrom("message_threads")
      .select("id")
      .where("tenant_id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    const threads = await admin("list-messages", "--email", tenant.email);
    expect(threads.out).toContain(`${thread.id} | Aufzug | 1 Nachricht(en)`);
    expect((await admin("list-messages")).code).toBe(2);
  });
});
