import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { sql } from "kysely";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFRawStream,
  type PDFRef,
  PDFStream,
} from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { planLetterInvitation, recordLetterInvitations } from "../src/domain/tenants/invitation-letters.js";
import { COMMAND_LINE_ACTOR } from "../src/domain/tenants/tenant-onboarding.js";
import { auditOf, BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TestContext,
} from "./helpers.js";

/**
 * Issue 24 items 6 and 15 (decision 029): invitation letters print every tenant's name, are built
 * before the link is issued, last as long as the post and carry a registration code.
 */

const BASE = "/api/v1/staff/tenants";
const CODE = /\b[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}\b/;
const DAY = 86_400_000;

let ctx: TestContext;
let workDir: string;
let buildingA: string;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  workDir = await mkdtemp(path.join(tmpdir(), "mp-letters-"));
  const tenantA = await createTenant(ctx.db, { address: BUILDING_A, email: "brief-a@example.com" });
  await createTenant(ctx.db, { address: BUILDING_B, email: "brief-b@example.com" });
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.tenant = await login(ctx.app, tenantA);
  const ids = await ctx.db.selectFrom("buildings").select(["id", "address"]).execute();
  buildingA = ids.find((b) => b.address === BUILDING_A)!.id;
});
afterAll(async () => {
  await ctx.close();
  await rm(workDir, { recursive: true, force: true });
});

const as = (who: string) => api(ctx.app, tokens[who]);
let counter = 0;

/** A tenant of building A created by the Verwalter; without e-mail unless one is given. */
async function tenantNamed(firstName: string, lastName: string, email = ""): Promise<string> {
  const res = await as("verwalterA").post(BASE, {
    first_name: firstName,
    last_name: lastName,
    email,
    building_id: buildingA,
    unit: `WE ${++counter}`,
    start_date: "2027-01-01",
    base_rent: 600,
    utilities: 150,
    payment_method: "bank_transfer",
    due_day: 3,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** The tenant's invitation rows, newest first. */
const invitationsOf = (tenantId: string) =>
  ctx.db
    .selectFrom("tenant_invitations")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at", "desc")
    .execute();

const lettersLogged = async (tenantId: string) =>
  (await auditOf(ctx.db, tenantId)).filter((a) => a.action === "tenant.invite_letter").length;

const decode = (stream: unknown) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode());

/**
 * What a reader gets out of the PDF: every shown string mapped back through its font's ToUnicode
 * (the standard fonts' WinAnsi read as Latin-1), a line per text object, page by page. Also the
 * characters whose embedded glyph has no outline (drawn as nothing, fontkit's subset bug).
 */
async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const pages: string[] = [];
  const blank: string[] = [];
  for (const page of pdf.getPages()) {
    const fonts = new Map<string, { unicode: Map<string, string> | null; outline: (gid: number) => boolean }>();
    const fontDict = page.node.Resources()!.lookup(PDFName.of("Font"), PDFDict);
    for (const [key, ref] of fontDict.entries()) {
      const dict = pdf.context.lookup(ref as PDFRef, PDFDict);
      const toUnicode = dict.get(PDFName.of("ToUnicode"));
      if (!toUnicode) {
        fonts.set(key.asString(), { unicode: null, outline: () => true });
        continue;
      }
      const unicode = new Map<string, string>();
      for (const [, gid, text] of decode(pdf.context.lookup(toUnicode as PDFRef))
        .toString("latin1")
        .matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
        unicode.set(gid!.toUpperCase(), Buffer.from(text!, "hex").swap16().toString("utf16le"));
      }
      const descendant = pdf.context.lookup(
        pdf.context.lookup(dict.get(PDFName.of("DescendantFonts")), PDFArray).get(0),
        PDFDict,
      );
      const descriptor = pdf.context.lookup(descendant.get(PDFName.of("FontDescriptor")), PDFDict);
      const file = pdf.context.lookup(descriptor.get(PDFName.of("FontFile2")), PDFStream);
      const embedded = fontkit.create(decode(file));
      fonts.set(key.asString(), { unicode, outline: (gid) => embedded.getGlyph(gid).path.toSVG() !== "" });
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    let text = "";
    let font: { unicode: Map<string, string> | null; outline: (gid: number) => boolean } | undefined;
    for (const stream of streams) {
      const ops = decode(stream).toString("latin1");
      for (const [op] of ops.matchAll(/\/\S+ [\d.]+ Tf|<[0-9A-Fa-f]*> Tj|\bBT\b/g)) {
        if (op === "BT") text += "\n";
        else if (op.endsWith("Tf")) font = fonts.get(op.slice(0, op.lastIndexOf(" ", op.length - 4)));
        else {
          const hex = op.slice(1, op.indexOf(">"));
          if (!font?.unicode) {
            text += Buffer.from(hex, "hex").toString("latin1");
            continue;
          }
          for (let i = 0; i < hex.length; i += 4) {
            const gid = hex.slice(i, i + 4).toUpperCase();
            const char = font.unicode.get(gid) ?? "\uFFFD";
            if (!/\s/.test(char) && !font.outline(Number.parseInt(gid, 16))) blank.push(char);
            text += char;
          }
        }
      }
    }
    pages.push(text);
  }
  return { pdf, pages, blank };
}

/** poppler's pdftotext where the machine has it (orders right-to-left text as a reader sees it). */
async function pdftotext(bytes: Uint8Array): Promise<string | null> {
  if (!existsSync("/usr/bin/pdftotext")) return null;
  const file = path.join(workDir, `letter-${++counter}.pdf`);
  await writeFile(file, bytes);
  return execFileSync("/usr/bin/pdftotext", [file, "-"], { encoding: "utf8" });
}

const NAMES: [string, string][] = [
  ["Ayşe", "Yılmaz"],
  ["Mehmet", "Şahin"],
  ["Łukasz", "Nowak"],
  ["Ana", "Kovač"],
  ["Γιώργος", "Παπαδόπουλος"],
  ["محمد", "العلي"],
  ["小明", "王"],
];

describe("the letter prints every name (issue 24 item 15)", () => {
  for (const [first, last] of NAMES) {
    it(`${first} ${last}: 200, a PDF with the name readable and drawn`, async () => {
      const id = await tenantNamed(first, last);
      const res = await as("verwalterA").post(`${BASE}/${id}/invitation-letter`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      const bytes = res.rawPayload;
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const { pdf, pages, blank } = await readPdf(bytes);
      expect(pdf.getPageCount()).toBe(1);
      const name = `${first} ${last}`;
      const arabic = /[\u0600-\u06FF]/.test(name);
      // Right-to-left glyphs stand in the order they are seen; a reader turns them round.
      const seen = arabic ? [...last].reverse().join("") : name;
      expect(pages[0]).toContain(seen);
      // Each script is a text object of its own: the salutation reads on across them.
      // (The dots of a final yeh are a mark glyph of their own, with no character: left out.)
      expect(pages[0]!.replaceAll(/[\n\uFFFD]/gu, "")).toContain(`Guten Tag ${arabic ? seen : name}`);
      expect(blank, `glyphs without outline: ${blank.join("")}`).toEqual([]);
      expect(pages[0]).toMatch(CODE);
      expect(bytes.length).toBeLessThan(300_000);
      const poppler = await pdftotext(bytes);
      if (poppler !== null) {
        for (const part of [first, last]) expect(poppler).toContain(part);
      }
      expect(await lettersLogged(id)).toBe(1);
    });
  }
});

describe("a letter is recorded only once its PDF exists", () => {
  it("a batch refused half-way leaves every earlier letter's tenant with the old link and logs nothing", async () => {
    const first = await tenantNamed("Erika", "Erstbrief");
    const old = await as("verwalterA").post(`${BASE}/${first}/invitation-letter`);
    expect(old.statusCode).toBe(200);
    const [oldRow] = await invitationsOf(first);
    const otherBuilding = await ctx.db
      .selectFrom("tenants")
      .select("id")
      .where("email", "=", "brief-b@example.com")
      .executeTakeFirstOrThrow();

    const res = await as("verwalterA").post(`${BASE}/invitation-letters`, { tenant_ids: [first, otherBuilding.id] });
    expect(res.statusCode).toBe(404);
    const rows = await invitationsOf(first);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: oldRow!.id, revoked_at: null });
    expect(await lettersLogged(first)).toBe(1);
  });

  it("a tenant who sets a password before the batch is recorded refuses it whole: no link revoked, nothing logged", async () => {
    const stays = await tenantNamed("Bruno", "Bleibt");
    const hurries = await tenantNamed("Hanna", "Hastig", `hastig-${Date.now()}@example.com`);
    const mailed = await as("verwalterA").post(`${BASE}/${stays}/invitation-letter`);
    expect(mailed.statusCode).toBe(200);
    const [before] = await invitationsOf(stays);

    const options = { mail: { publicUrl: ctx.config.publicUrl }, days: 30, codeKey: ctx.config.jwtSecret };
    const a = await planLetterInvitation(ctx.db, stays, options);
    const b = await planLetterInvitation(ctx.db, hurries, options);
    if (a.kind !== "ok" || b.kind !== "ok") throw new Error("both letters should be planned");
    // Meanwhile Hanna accepts the mail she was sent and has a password.
    await ctx.db.updateTable("tenants").set({ password_hash: "x" }).where("id", "=", hurries).execute();
    const recorded = await recordLetterInvitations(ctx.db, COMMAND_LINE_ACTOR, [a.value, b.value]);
    expect(recorded).toMatchObject({ kind: "conflict" });
    expect((recorded as { message: string }).message).toContain("Hanna Hastig");
    const rows = await invitationsOf(stays);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: before!.id, revoked_at: null });
    expect(await lettersLogged(stays)).toBe(1);
    expect(await lettersLogged(hurries)).toBe(0);
  });
});

describe("a letter lasts as long as the post, with a code to type (issue 24 item 6)", () => {
  it("is valid 30 days; INVITATION_LETTER_DAYS changes that, a wrong value stops start-up", async () => {
    const id = await tenantNamed("Paula", "Post");
    const res = await as("verwalterA").post(`${BASE}/${id}/invitation-letter`);
    expect(res.statusCode).toBe(200);
    const [row] = await invitationsOf(id);
    const days = (Date.parse(row!.expires_at) - Date.parse(row!.created_at)) / DAY;
    expect(days).toBeCloseTo(30, 3);
    expect((await as("verwalterA").get(`${BASE}/${id}`)).json().invitation).toMatchObject({
      status: "invited",
      channel: "letter",
    });
    const dir = path.join(workDir, "config");
    expect(loadConfig({ DATA_DIR: dir, INVITATION_LETTER_DAYS: "21" }).invitationLetterDays).toBe(21);
    expect(() => loadConfig({ DATA_DIR: dir, INVITATION_LETTER_DAYS: "0" })).toThrow(ConfigError);
  });

  it("the code on the letter opens the registration once; only its HMAC is stored", async () => {
    const id = await tenantNamed("Kemal", "Kodierer");
    const res = await as("verwalterA").post(`${BASE}/${id}/invitation-letter`);
    const { pages } = await readPdf(res.rawPayload);
    const code = CODE.exec(pages[0]!)![0];
    const [row] = await invitationsOf(id);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(await invitationsOf(id));
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(code.replace("-", ""));

    // Typed in lower case, without the dash, with spaces: the same code.
    const typed = ` ${code.toLowerCase().replace("-", " ")} `;
    const check = await api(ctx.app).post("/api/v1/auth/invitation/check", { code: typed });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ first_name: "Kemal", last_name: "Kodierer", email: null });
    const email = `kemal-${Date.now()}@example.com`;
    const accept = await api(ctx.app).post("/api/v1/auth/invitation/accept", {
      code,
      email,
      newPassword: "post-kam-an-1",
    });
    expect(accept.statusCode, accept.body).toBe(200);
    await expect(login(ctx.app, { email, password: "post-kam-an-1" })).resolves.toBeTypeOf("string");
    const again = await api(ctx.app).post("/api/v1/auth/invitation/check", { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("tenant_invitation_code_invalid");
    expect(again.json().message).toContain("Brief");

    const neither = await api(ctx.app).post("/api/v1/auth/invitation/check", {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toContain("Registrierungscode");
  });

  it("wrong codes count like failed sign-ins: the address is stopped (429) before a right code can be found", async () => {
    const id = await tenantNamed("Rita", "Rater");
    const res = await as("verwalterA").post(`${BASE}/${id}/invitation-letter`);
    const code = CODE.exec((await readPdf(res.rawPayload)).pages[0]!)![0];
    const from = (remoteAddress: string, body: object) =>
      api(ctx.app).inject({ method: "POST", url: "/api/v1/auth/invitation/check", payload: body, remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await from("192.0.2.7", { code: "ZZZZ-ZZZZ" })).statusCode);
    expect(statuses).toEqual(Array(10).fill(400));
    const blocked = await from("192.0.2.7", { code });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBeDefined();
    // Another address is not affected; a right code is not counted.
    for (let i = 0; i < 12; i++) expect((await from("192.0.2.8", { code })).statusCode).toBe(200);
  });
});

describe("letters for many tenants as one PDF", () => {
  it("prints a page per selected tenant without e-mail and password; the others are counted as skipped", async () => {
    const without = [
      await tenantNamed("Anna", "Ohnepost"),
      await tenantNamed("Łucja", "Wiśniewska"),
      await tenantNamed("王", "芳"),
    ];
    const [oldOne] = without;
    await as("verwalterA").post(`${BASE}/${oldOne}/invitation-letter`);
    const [oldRow] = await invitationsOf(oldOne!);
    const withEmail = await tenantNamed("Emil", "Mail", `emil-${Date.now()}@example.com`);

    const res = await as("verwalterA").post(`${BASE}/invitation-letters`, {
      tenant_ids: [...without, withEmail, without[0]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["x-letters"]).toBe("3");
    expect(res.headers["x-letters-skipped"]).toBe("1");
    const { pdf, pages, blank } = await readPdf(res.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    expect(blank).toEqual([]);
    expect(pages[0]).toContain("Anna Ohnepost");
    expect(pages[1]).toContain("Łucja Wiśniewska");
    expect(pages[2]).toContain("王 芳");
    const codes = pages.map((p) => CODE.exec(p)![0]);
    expect(new Set(codes).size).toBe(3);
    for (const id of without) {
      const [latest] = await invitationsOf(id);
      expect(latest).toMatchObject({ channel: "letter", revoked_at: null, used_at: null });
    }
    expect((await invitationsOf(oldOne!)).find((r) => r.id === oldRow!.id)!.revoked_at).not.toBeNull();
    expect(await invitationsOf(withEmail)).toHaveLength(0);

    const nobody = await as("verwalterA").post(`${BASE}/invitation-letters`, { tenant_ids: [withEmail] });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toContain("E-Mail");
  });

  it("refuses: another building's tenant 404, Hausmeister 403, a tenant's token 401/403, too many 400", async () => {
    const mine = await tenantNamed("Sven", "Scope");
    const single = `${BASE}/${mine}/invitation-letter`;
    const bulk = `${BASE}/invitation-letters`;
    expect((await as("verwalterB").post(single)).statusCode).toBe(404);
    expect((await as("verwalterB").post(bulk, { tenant_ids: [mine] })).statusCode).toBe(404);
    expect((await as("hausmeisterA").post(single)).statusCode).toBe(403);
    expect((await as("hausmeisterA").post(bulk, { tenant_ids: [mine] })).statusCode).toBe(403);
    expect([401, 403]).toContain((await as("tenant").post(single)).statusCode);
    expect([401, 403]).toContain((await as("tenant").post(bulk, { tenant_ids: [mine] })).statusCode);
    const many = Array.from({ length: 201 }, () => mine);
    const tooMany = await as("verwalterA").post(bulk, { tenant_ids: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain("zweiten Durchgang");
    expect(await invitationsOf(mine)).toHaveLength(0);
  });
});

/** Another print of the tenant's letter, written as recordLetterInvitations writes it and held open before its commit. */
async function holdOtherPrint(tenantId: string) {
  let commit!: () => void;
  const committed = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let written!: () => void;
  const isWritten = new Promise<void>((resolve) => {
    written = resolve;
  });
  const finished = ctx.db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    await sql`select id from tenants where id = ${tenantId} for update`.execute(conn);
    const now = new Date().toISOString();
    await conn
      .updateTable("tenant_invitations")
      .set({ revoked_at: now })
      .where("tenant_id", "=", tenantId)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    await conn
      .insertInto("tenant_invitations")
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        token_hash: randomUUID(),
        code_hash: randomUUID(),
        channel: "letter",
        created_at: now,
        expires_at: new Date(Date.now() + 30 * DAY).toISOString(),
        used_at: null,
        revoked_at: null,
        created_by: null,
      })
      .execute();
    written();
    await committed;
    await sql`commit`.execute(conn);
  });
  await isWritten;
  return { commit, finished };
}

/** Waits until a statement on the tenants or their invitations waits for a lock. */
async function someoneWaitsForALock() {
  await expect
    .poll(
      async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and (query like '%"tenants"%' or query like '%"tenant_invitations"%')
            and query not like '%pg_stat_activity%'`.execute(ctx.db)
        ).rows[0]?.n,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

const openInvitations = async (tenantId: string) =>
  (await invitationsOf(tenantId)).filter((r) => r.revoked_at === null && r.used_at === null);

// Two prints of one tenant's letter at once (PostgreSQL, READ COMMITTED): the one that commits
// last must revoke the other's link, or two letters with two different codes would both work.
describe.skipIf(!process.env.TEST_DATABASE_URL)("two invitations for one tenant at once (PostgreSQL)", () => {
  it("a letter printed meanwhile waits for the other print and replaces its link: one open invitation", async () => {
    const id = await tenantNamed("Gleich", "Zeitig");
    expect((await as("verwalterA").post(`${BASE}/${id}/invitation-letter`)).statusCode).toBe(200);
    const options = { mail: { publicUrl: ctx.config.publicUrl }, days: 30, codeKey: ctx.config.jwtSecret };
    const planned = await planLetterInvitation(ctx.db, id, options);
    if (planned.kind !== "ok") throw new Error("the letter should be planned");
    const other = await holdOtherPrint(id);
    const ours = recordLetterInvitations(ctx.db, COMMAND_LINE_ACTOR, [planned.value]);
    await someoneWaitsForALock();
    other.commit();
    await other.finished;
    expect(await ours).toEqual({ kind: "ok", value: undefined });
    expect(await openInvitations(id)).toHaveLength(1);
  });

  it("a mail sent meanwhile does the same", async () => {
    const id = await tenantNamed("Post", "Undmail", `post-undmail-${Date.now()}@example.com`);
    expect((await as("verwalterA").post(`${BASE}/${id}/invitation`)).statusCode).toBe(200);
    const other = await holdOtherPrint(id);
    const mailed = as("verwalterA").post(`${BASE}/${id}/invitation`);
    await someoneWaitsForALock();
    other.commit();
    await other.finished;
    expect((await mailed).statusCode).toBe(200);
    expect(await openInvitations(id)).toHaveLength(1);
  });
});
