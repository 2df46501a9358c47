import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, multipart, publishDocument, storedFiles } from "./factories/documents.js";
import {
  api,
  createTenant,
  createTestContext,
  login,
  type TenantFixture,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

const BASE = "/api/v1/tenant/documents";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

let ctx: TestContext;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tenantA = await createTenant(ctx.db, { firstName: "Anna", lastName: "Alt" });
  tenantB = await createTenant(ctx.db, { firstName: "Bernd", lastName: "Berg" });
  tokenA = await login(ctx.app, tenantA);
  tokenB = await login(ctx.app, tenantB);
});
afterAll(() => ctx.close());

function upload(
  token: string | undefined,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
  headers: Record<string, string> = {},
) {
  const body = multipart(fields, file);
  return api(ctx.app, token).inject({
    method: "POST",
    url: BASE,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

const rowsOf = (tenantId: string) =>
  ctx.db.selectFrom("documents").selectAll().where("tenant_id", "=", tenantId).execute();

describe("POST documents (multipart upload)", () => {
  it("stores a PDF, answers 201 and the download returns the identical bytes", async () => {
    const pdf = fixture("sample.pdf");
    const res = await upload(
      tokenA,
      { title: "Meine Mietbescheinigung", type: "personal" },
      { filename: "bescheinigung.pdf", data: pdf, contentType: "application/pdf" },
    );
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      title: "Meine Mietbescheinigung",
      type: "personal",
      file_type: "application/pdf",
      file_size: pdf.length,
      file_url: `${BASE}/${doc.id}/file`,
      is_tenant_uploaded: true,
    });
    expect(Date.parse(doc.uploaded_at)).toBeGreaterThan(Date.now() - 60_000);

    const row = await ctx.db.selectFrom("documents").selectAll().where("id", "=", doc.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: tenantA.id,
      mime_type: "application/pdf",
      original_filename: "bescheinigung.pdf",
      actor_kind: "tenant",
    });
    expect(Number(row.is_tenant_uploaded)).toBe(1);
    expect(Number(row.size_bytes)).toBe(pdf.length);
    expect(row.storage_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(await storedFiles(ctx.dataDir)).toContain(row.storage_key);

    const file = await api(ctx.app, tokenA).get(doc.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-length"]).toBe(String(pdf.length));
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="bescheinigung.pdf"; filename*=UTF-8''bescheinigung.pdf`,
    );
    expect(file.headers["cache-control"]).toBe("no-store");
  });

  it.each([
    ["sample.doc", "application/msword"],
    ["sample.docx", DOCX_MIME],
    ["sample.jpg", "image/jpeg"],
    ["sample.png", "image/png"],
  ])("accepts %s and records the detected type %s", async (name, mime) => {
    const res = await upload(
      tokenA,
      { type: "personal" },
      { filename: name, data: fixture(name), contentType: "application/octet-stream" },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().file_type).toBe(mime);
    const row = await ctx.db
      .selectFrom("documents")
      .select("mime_type")
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.mime_type).toBe(mime);
  });

  it("defaults the title to the cleaned file name and the type to personal; cleans the stored name", async () => {
    const res = await upload(
      tokenA,
      {},
      { filename: "../../Übergabe\u202Eprotokoll.pdf", data: fixture("sample.pdf") },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: "Übergabeprotokoll.pdf", type: "personal" });
    const row = await ctx.db
      .selectFrom("documents")
      .selectAll()
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.original_filename).toBe("Übergabeprotokoll.pdf");
    const file = await api(ctx.app, tokenA).get(res.json().file_url);
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="Uebergabeprotokoll.pdf"; filename*=UTF-8''%C3%9Cbergabeprotokoll.pdf`,
    );
  });

  it("names the download after the real type when the name lies", async () => {
    const res = await upload(
      tokenA,
      { title: "Foto" },
      { filename: "scan.pdf", data: fixture("sample.png"), contentType: "application/pdf" },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().file_type).toBe("image/png");
    const file = await api(ctx.app, tokenA).get(res.json().file_url);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-disposition"]).toContain('filename="scan.pdf.png"');
  });

  it.each(["disguised-exe.pdf", "disguised-html.pdf"])(
    "refuses %s declared as application/pdf and writes no row and no file",
    async (name) => {
      const rowsBefore = (await rowsOf(tenantA.id)).length;
      const filesBefore = await storedFiles(ctx.dataDir);
      const res = await upload(
        tokenA,
        { title: "Rechnung", type: "personal" },
        { filename: "rechnung.pdf", data: fixture(name), contentType: "application/pdf" },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toBe("file_type_not_allowed");
      expect(res.json().message).toContain("PDF, DOC, DOCX, JPG oder PNG");
      expect(await rowsOf(tenantA.id)).toHaveLength(rowsBefore);
      expect(await storedFiles(ctx.dataDir)).toEqual(filesBefore);
    },
  );

  it("refuses a WebP image (not an allowed document type)", async () => {
    const res = await upload(
      tokenA,
      {},
      { filename: "bild.png", data: fixture("sample.webp"), contentType: "image/png" },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe("file_type_not_allowed");
  });

  it("answers 413 with a German message for a file over 20 MB and stores nothing", async () => {
    const rowsBefore = (await rowsOf(tenantA.id)).length;
    const filesBefore = await storedFiles(ctx.dataDir);
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    fixture("sample.pdf").copy(big);
    const res = await upload(
      tokenA,
      { title: "Groß" },
      { filename: "gross.pdf", data: big, contentType: "application/pdf" },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: "file_too_large",
      message: "Die Datei ist zu groß. Erlaubt sind höchstens 20 MB.",
    });
    expect(await rowsOf(tenantA.id)).toHaveLength(rowsBefore);
    expect(await storedFiles(ctx.dataDir)).toEqual(filesBefore);
  });

  it("accepts a file of exactly 20 MB", async () => {
    const exact = Buffer.alloc(20 * 1024 * 1024, 0x20);
    fixture("sample.pdf").copy(exact);
    const res = await upload(tokenA, { title: "Genau 20 MB" }, { filename: "genau.pdf", data: exact });
    expect(res.statusCode).toBe(201);
    expect(res.json().file_size).toBe(20 * 1024 * 1024);
  });

  it("refuses an empty file, a missing file and a file under another field name", async () => {
    const empty = await upload(tokenA, { title: "Leer" }, { filename: "leer.pdf", data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Die Datei ist leer.");
    const missing = await upload(tokenA, { title: "Ohne Datei" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty("file");
    const wrongField = await upload(tokenA, {}, { field: "dokument", filename: "a.pdf", data: fixture("sample.pdf") });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toHaveProperty("file");
  });

  it("refuses other document types, unknown types and oversized titles with German messages", async () => {
    const before = (await rowsOf(tenantA.id)).length;
    const contract = await upload(
      tokenA,
      { title: "Vertrag", type: "contract" },
      { filename: "v.pdf", data: fixture("sample.pdf") },
    );
    expect(contract.statusCode).toBe(400);
    expect(contract.json().fields.type).toBe("Mieter können nur persönliche Dokumente hochladen (Typ 'personal').");
    const unknown = await upload(tokenA, { type: "geheim" }, { filename: "v.pdf", data: fixture("sample.pdf") });
    expect(unknown.statusCode).toBe(400);
    const long = await upload(tokenA, { title: "x".repeat(201) }, { filename: "v.pdf", data: fixture("sample.pdf") });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.title).toContain("200");
    const blank = await upload(tokenA, { title: "   " }, { filename: "v.pdf", data: fixture("sample.pdf") });
    expect(blank.statusCode).toBe(400);
    const twice = multipart({ title: "a" }, { filename: "v.pdf", data: fixture("sample.pdf") });
    const dup = Buffer.concat([
      Buffer.from(
        `--${twice.headers["content-type"].split("boundary=")[1]}\r\nContent-Disposition: form-data; name="title"\r\n\r\nb\r\n`,
      ),
      twice.payload,
    ]);
    const duplicated = await api(ctx.app, tokenA).inject({
      method: "POST",
      url: BASE,
      payload: dup,
      headers: twice.headers,
    });
    expect(duplicated.statusCode).toBe(400);
    expect(await rowsOf(tenantA.id)).toHaveLength(before);
  });

  it("refuses two files in one upload", async () => {
    const before = (await rowsOf(tenantA.id)).length;
    const first = multipart({}, { filename: "a.pdf", data: fixture("sample.pdf") });
    const boundary = first.headers["content-type"].split("boundary=")[1];
    const second = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
    );
    const payload = Buffer.concat([
      first.payload.subarray(0, first.payload.length - `--${boundary}--\r\n`.length),
      second,
    ]);
    const res = await api(ctx.app, tokenA).inject({ method: "POST", url: BASE, payload, headers: first.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Bitte laden Sie genau eine Datei hoch.");
    expect(await rowsOf(tenantA.id)).toHaveLength(before);
  });

  it("answers 415 to a request that is not multipart", async () => {
    const json = await api(ctx.app, tokenA).post(BASE, { title: "x", type: "personal", file: "JVBERi0=" });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe("unsupported_media_type");
    const none = await api(ctx.app, tokenA).post(BASE);
    expect(none.statusCode).toBe(415);
  });

  it.each([
    ["a truncated body", '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF'],
    ["garbage", "kein multipart"],
    ["a prototype field name", '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nabc\r\n--x--\r\n'],
  ])("answers 400, not 500, to a broken multipart body (%s)", async (_label, payload) => {
    const res = await api(ctx.app, tokenA).inject({
      method: "POST",
      url: BASE,
      payload,
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("bad_request");
  });

  it("answers 400 to a multipart body without boundary", async () => {
    const res = await api(ctx.app, tokenA).inject({
      method: "POST",
      url: BASE,
      payload: "x",
      headers: { "content-type": "multipart/form-data" },
    });
    expect(res.statusCode).toBe(400);
  });

  it("answers 401 without or with a bad token", async () => {
    expect((await upload(undefined, {}, { filename: "a.pdf", data: fixture("sample.pdf") })).statusCode).toBe(401);
    expect((await upload("kaputt", {}, { filename: "a.pdf", data: fixture("sample.pdf") })).statusCode).toBe(401);
  });

  it("replays an idempotent multipart upload: one document, one file; another body with the key → 422", async () => {
    const tenant = await createTenant(ctx.db);
    const token = await login(ctx.app, tenant);
    const filesBefore = (await storedFiles(ctx.dataDir)).length;
    const send = (data: Buffer) => {
      // A fresh boundary each time, as a browser would produce: the parsed content is what counts.
      const body = multipart(
        { title: "Kontoauszug", type: "personal" },
        { filename: "konto.pdf", data, contentType: "application/pdf" },
      );
      return api(ctx.app, token).inject({
        method: "POST",
        url: BASE,
        payload: body.payload,
        headers: { ...body.headers, "idempotency-key": "upload-1" },
      });
    };
    const first = await send(fixture("sample.pdf"));
    const second = await send(fixture("sample.pdf"));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect(await rowsOf(tenant.id)).toHaveLength(1);
    expect(await storedFiles(ctx.dataDir)).toHaveLength(filesBefore + 1);
    const other = await send(fixture("sample.docx"));
    expect(other.statusCode).toBe(422);
    expect(await rowsOf(tenant.id)).toHaveLength(1);
  });
});

describe("GET documents", () => {
  it("lists only the tenant's documents, newest first, staff-published ones included", async () => {
    const tenant = await createTenant(ctx.db);
    const token = await login(ctx.app, tenant);
    const contract = await publishDocument(ctx.db, ctx.app.files, tenant.id, {
      title: "Mietvertrag",
      type: "contract",
    });
    await ctx.db
      .updateTable("documents")
      .set({ uploaded_at: "2024-01-10T08:00:00.000Z" })
      .where("id", "=", contract.id)
      .execute();
    const utility = await publishDocument(ctx.db, ctx.app.files, tenant.id, {
      title: "Nebenkosten 2024",
      type: "utility",
    });
    await ctx.db
      .updateTable("documents")
      .set({ uploaded_at: "2025-03-01T08:00:00.000Z" })
      .where("id", "=", utility.id)
      .execute();
    const own = await upload(token, { title: "Eigenes" }, { filename: "e.png", data: fixture("sample.png") });
    await publishDocument(ctx.db, ctx.app.files, tenantB.id, { title: "Fremd" });

    const res = await api(ctx.app, token).get(BASE);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((d: { title: string }) => d.title)).toEqual(["Eigenes", "Nebenkosten 2024", "Mietvertrag"]);
    expect(list[0]).toEqual(own.json());
    expect(list[2]).toEqual({
      id: contract.id,
      title: "Mietvertrag",
      type: "contract",
      file_type: "application/pdf",
      file_size: fixture("sample.pdf").length,
      file_url: `${BASE}/${contract.id}/file`,
      uploaded_at: "2024-01-10T08:00:00.000Z",
      is_tenant_uploaded: false,
    });
  });

  it("answers an empty list for a tenant without documents", async () => {
    const tenant = await createTenant(ctx.db);
    const res = await api(ctx.app, await login(ctx.app, tenant)).get(BASE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers 401 without token, with a bad token and without API key", async () => {
    expect((await api(ctx.app).get(BASE)).statusCode).toBe(401);
    expect((await api(ctx.app, "a.b.c").get(BASE)).statusCode).toBe(401);
    const noKey = await ctx.app.inject({ url: BASE, headers: { authorization: `Bearer ${tokenA}` } });
    expect(noKey.statusCode).toBe(401);
  });
});

describe("GET documents/{id}/file", () => {
  it("downloads a staff-published document to its owner only; another tenant gets 404", async () => {
    const doc = await publishDocument(ctx.db, ctx.app.files, tenantA.id, {
      title: "Hausordnung",
      type: "house_rules",
      filename: "Hausordnung 2025.pdf",
    });
    const own = await api(ctx.app, tokenA).get(doc.file_url);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(fixture("sample.pdf"))).toBe(true);

    const foreign = await api(ctx.app, tokenB).get(doc.file_url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("not_found");
    expect(foreign.body).not.toContain("%PDF");
    // A's document is untouched and still downloadable.
    const again = await api(ctx.app, tokenA).get(doc.file_url);
    expect(again.rawPayload.equals(fixture("sample.pdf"))).toBe(true);
    expect((await api(ctx.app, tokenB).get(BASE)).json().some((d: { id: string }) => d.id === doc.id)).toBe(false);
  });

  it("answers 404 for an unknown id, 400 for a malformed id and 401 without token", async () => {
    expect((await api(ctx.app, tokenA).get(`${BASE}/${UNKNOWN_ID}/file`)).statusCode).toBe(404);
    const bad = await api(ctx.app, tokenA).get(`${BASE}/keine-uuid/file`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("validation_failed");
    const doc = await publishDocument(ctx.db, ctx.app.files, tenantA.id);
    expect((await api(ctx.app).get(doc.file_url)).statusCode).toBe(401);
  });

  it("answers 404, not 500, when the stored file has gone missing", async () => {
    const doc = await publishDocument(ctx.db, ctx.app.files, tenantA.id);
    const row = await ctx.db
      .selectFrom("documents")
      .select("storage_key")
      .where("id", "=", doc.id)
      .executeTakeFirstOrThrow();
    await ctx.app.files.remove(row.storage_key);
    expect((await api(ctx.app, tokenA).get(doc.file_url)).statusCode).toBe(404);
  });
});

describe("createDocument (admin command line and seed)", () => {
  it("publishes as staff, decides the type by the bytes and refuses other content", async () => {
    const doc = await publishDocument(ctx.db, ctx.app.files, tenantB.id, {
      type: "receipt",
      title: "Beleg",
      bytes: fixture("sample.docx"),
      filename: "beleg",
    });
    expect(doc).toMatchObject({ type: "receipt", file_type: DOCX_MIME, is_tenant_uploaded: false });
    const row = await ctx.db.selectFrom("documents").selectAll().where("id", "=", doc.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_kind: "staff", original_filename: "beleg.docx" });
    await expect(
      publishDocument(ctx.db, ctx.app.files, tenantB.id, { bytes: fixture("disguised-exe.pdf") }),
    ).rejects.toMatchObject({
      statusCode: 415,
      code: "file_type_not_allowed",
    });
    await expect(publishDocument(ctx.db, ctx.app.files, tenantB.id, { bytes: Buffer.alloc(0) })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it("removes the stored file again when the database write fails", async () => {
    const before = await storedFiles(ctx.dataDir);
    await expect(publishDocument(ctx.db, ctx.app.files, "00000000-0000-4000-8000-00000000dead")).rejects.toThrow();
    expect(await storedFiles(ctx.dataDir)).toEqual(before);
  });
});
