import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRepair, findRepair, setRepairStatus } from "../src/domain/repairs/repairs.js";
import { fixture, storedFiles } from "./factories/documents.js";
import { dataUrl, insertRepair, photo, repairPayload } from "./factories/repairs.js";
import {
  api,
  createTenant,
  createTestContext,
  login,
  type TenantFixture,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

const BASE = "/api/v1/tenant/repairs";

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

const repairsOf = (tenantId: string) =>
  ctx.db.selectFrom("repairs").selectAll().where("tenant_id", "=", tenantId).execute();

describe("POST repairs", () => {
  it("creates a reported repair with history and three photos in order, answering 201", async () => {
    const res = await api(ctx.app, tokenA).post(
      BASE,
      repairPayload({
        user_id: tenantB.id,
        photos: [
          photo("sample.jpg", { filename: "C:\\fotos\\tropfen.jpg" }),
          photo("sample.png", { mime: "image/png", filename: "hahn.png" }),
          photo("sample.webp", { mime: "image/webp", filename: null }),
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      type: "plumbing",
      location: "bathroom",
      description: "Der Wasserhahn im Bad tropft seit gestern.",
      urgency: "high",
      status: "reported",
      planned_date: null,
      completed_at: null,
    });
    expect(body.history).toEqual([
      { status: "reported", changed_at: body.reported_at, actor: "tenant", actor_name: "Anna Alt", note: null },
    ]);
    expect(body.photos.map((p: { filename: string; file_type: string }) => [p.filename, p.file_type])).toEqual([
      ["tropfen.jpg", "image/jpeg"],
      ["hahn.png", "image/png"],
      ["Reparatur-Foto-3.webp", "image/webp"],
    ]);
    for (const p of body.photos) expect(p.url).toBe(`/api/v1/tenant/photos/${p.id}`);

    // Stored for A (user_id in the body is ignored), photo rows with positions 0..2 and their files.
    expect((await repairsOf(tenantA.id)).map((r) => r.id)).toContain(body.id);
    expect((await repairsOf(tenantB.id)).map((r) => r.id)).not.toContain(body.id);
    const photoRows = await ctx.db
      .selectFrom("photos")
      .selectAll()
      .where("owner_id", "=", body.id)
      .orderBy("position")
      .execute();
    expect(photoRows.map((p) => [p.owner_type, Number(p.position), p.tenant_id])).toEqual([
      ["repair", 0, tenantA.id],
      ["repair", 1, tenantA.id],
      ["repair", 2, tenantA.id],
    ]);
    const files = await storedFiles(ctx.dataDir);
    for (const p of photoRows) expect(files).toContain(p.storage_key);
    const history = await ctx.db
      .selectFrom("repair_status_history")
      .selectAll()
      .where("repair_id", "=", body.id)
      .execute();
    expect(history).toMatchObject([{ status: "reported", actor_kind: "tenant", actor_name: "Anna Alt" }]);
  });

  it("defaults urgency to medium and photos to none; trims the description", async () => {
    const res = await api(ctx.app, tokenA).post(BASE, {
      type: "door-window",
      location: "balcony",
      description: "  Balkontür schließt nicht.  ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ urgency: "medium", photos: [], description: "Balkontür schließt nicht." });
  });

  it.each([
    ["no description", repairPayload({ description: undefined }), "description"],
    ["a blank description", repairPayload({ description: "   " }), "description"],
    ["a description over 5000 characters", repairPayload({ description: "x".repeat(5001) }), "description"],
    ["an unknown type", repairPayload({ type: "roof" }), "type"],
    ["an unknown location", repairPayload({ location: "garden" }), "location"],
    ["an unknown urgency", repairPayload({ urgency: "sofort" }), "urgency"],
    ["a number as description", repairPayload({ description: 5 }), "description"],
    ["photos that are not a list", repairPayload({ photos: "foto" }), "photos"],
    ["four photos", repairPayload({ photos: [photo(), photo(), photo(), photo()] }), "photos"],
    [
      "a photo that is not a data URL",
      repairPayload({ photos: [{ dataUrl: "file:///etc/passwd" }] }),
      "photos.0.dataUrl",
    ],
  ])("answers 400 with a German message for %s and writes nothing", async (_label, payload, field) => {
    const before = (await repairsOf(tenantA.id)).length;
    const filesBefore = await storedFiles(ctx.dataDir);
    const res = await api(ctx.app, tokenA).post(BASE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_failed");
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await repairsOf(tenantA.id)).toHaveLength(before);
    expect(await storedFiles(ctx.dataDir)).toEqual(filesBefore);
  });

  it("says in German that at most three photos are allowed", async () => {
    const res = await api(ctx.app, tokenA).post(BASE, repairPayload({ photos: [photo(), photo(), photo(), photo()] }));
    expect(res.json().fields.photos).toBe("Höchstens 3 Fotos.");
  });

  it("refuses a data URL whose bytes are not an image, even after valid photos, storing nothing", async () => {
    const before = (await repairsOf(tenantA.id)).length;
    const filesBefore = await storedFiles(ctx.dataDir);
    for (const bytes of [fixture("sample.pdf"), fixture("disguised-exe.pdf"), fixture("disguised-html.pdf")]) {
      const res = await api(ctx.app, tokenA).post(
        BASE,
        repairPayload({ photos: [photo(), { dataUrl: dataUrl(bytes, "image/jpeg"), filename: "foto.jpg" }] }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "file_type_not_allowed",
        message: "Das Foto muss ein JPEG-, PNG- oder WebP-Bild sein.",
        fields: { "photos.1": "Das Foto muss ein JPEG-, PNG- oder WebP-Bild sein." },
      });
    }
    const broken = await api(ctx.app, tokenA).post(
      BASE,
      repairPayload({ photos: [{ dataUrl: "data:image/jpeg;base64,abc=d" }] }),
    );
    expect(broken.statusCode).toBe(400);
    expect(await repairsOf(tenantA.id)).toHaveLength(before);
    expect(await storedFiles(ctx.dataDir)).toEqual(filesBefore);
  });

  it("answers 401 without or with a bad token", async () => {
    expect((await api(ctx.app).post(BASE, repairPayload())).statusCode).toBe(401);
    expect((await api(ctx.app, "x.y.z").post(BASE, repairPayload())).statusCode).toBe(401);
  });

  it("replays an idempotent report with photos: one repair, one set of photos", async () => {
    const tenant = await createTenant(ctx.db);
    const token = await login(ctx.app, tenant);
    const filesBefore = (await storedFiles(ctx.dataDir)).length;
    const payload = repairPayload({ photos: [photo(), photo("sample.png", { mime: "image/png" })] });
    const headers = { "idempotency-key": "repair-offline-1" };
    const first = await api(ctx.app, token).post(BASE, payload, headers);
    const second = await api(ctx.app, token).post(BASE, payload, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect(await repairsOf(tenant.id)).toHaveLength(1);
    const photoRows = await ctx.db.selectFrom("photos").select("id").where("tenant_id", "=", tenant.id).execute();
    expect(photoRows).toHaveLength(2);
    expect(await storedFiles(ctx.dataDir)).toHaveLength(filesBefore + 2);
    const changed = await api(ctx.app, token).post(BASE, { ...payload, description: "Anders" }, headers);
    expect(changed.statusCode).toBe(422);
    expect(await repairsOf(tenant.id)).toHaveLength(1);
  });

  it("removes stored photo files when the database write fails", async () => {
    const before = await storedFiles(ctx.dataDir);
    const png = fixture("sample.png");
    await expect(
      createRepair(ctx.db, ctx.app.files, "00000000-0000-4000-8000-00000000dead", {
        type: "other",
        location: "other",
        description: "x",
        urgency: "low",
        photos: [{ bytes: png, mime: "image/png", size: png.length, filename: "a.png" }],
        actorName: "Niemand",
      }),
    ).rejects.toThrow();
    expect(await storedFiles(ctx.dataDir)).toEqual(before);
  });
});

describe("GET repairs", () => {
  it("lists the tenant's repairs newest first with history oldest first", async () => {
    const tenant = await createTenant(ctx.db, { firstName: "Clara", lastName: "Colt" });
    const token = await login(ctx.app, tenant);
    const old = await insertRepair(ctx.db, tenant.id, { reportedAt: "2024-05-01T10:00:00.000Z", status: "reported" });
    const middle = await insertRepair(ctx.db, tenant.id, { reportedAt: "2024-09-01T10:00:00.000Z" });
    await setRepairStatus(ctx.db, old, {
      status: "scheduled",
      plannedDate: "2024-05-10",
      actorKind: "staff",
      actorName: "Hausmeister Krause",
    });
    await setRepairStatus(ctx.db, old, {
      status: "completed",
      note: "Dichtung getauscht",
      actorKind: "staff",
      actorName: "Hausmeister Krause",
    });
    const fresh = await api(ctx.app, token).post(BASE, repairPayload());
    await insertRepair(ctx.db, tenantB.id, { reportedAt: "2030-01-01T10:00:00.000Z" });

    const res = await api(ctx.app, token).get(BASE);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([fresh.json().id, middle, old]);
    expect(list[0]).toEqual(fresh.json());
    expect(list[2]).toMatchObject({ status: "completed", planned_date: "2024-05-10" });
    expect(list[2].completed_at).toEqual(expect.any(String));
    expect(
      list[2].history.map((h: { status: string; actor: string; note: string | null }) => [h.status, h.actor, h.note]),
    ).toEqual([
      ["reported", "tenant", null],
      ["scheduled", "staff", null],
      ["completed", "staff", "Dichtung getauscht"],
    ]);
  });

  it("answers an empty list for a new tenant and 401 without token", async () => {
    const tenant = await createTenant(ctx.db);
    expect((await api(ctx.app, await login(ctx.app, tenant)).get(BASE)).json()).toEqual([]);
    expect((await api(ctx.app).get(BASE)).statusCode).toBe(401);
  });
});

describe("GET repairs/{id}", () => {
  it("answers the owner's repair with photos and history", async () => {
    const created = (await api(ctx.app, tokenA).post(BASE, repairPayload({ photos: [photo()] }))).json();
    const res = await api(ctx.app, tokenA).get(`${BASE}/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it("answers 404 to another tenant and leaves the repair unchanged", async () => {
    const created = (await api(ctx.app, tokenA).post(BASE, repairPayload())).json();
    const foreign = await api(ctx.app, tokenB).get(`${BASE}/${created.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "not_found", message: "Nicht gefunden." });
    expect((await api(ctx.app, tokenA).get(`${BASE}/${created.id}`)).json()).toEqual(created);
  });

  it("answers 404 for an unknown id, 400 for a malformed id and 401 without token", async () => {
    expect((await api(ctx.app, tokenA).get(`${BASE}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    const bad = await api(ctx.app, tokenA).get(`${BASE}/123`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty("id");
    expect((await api(ctx.app).get(`${BASE}/${UNKNOWN_ID}`)).statusCode).toBe(401);
  });
});

describe("setRepairStatus (admin command line)", () => {
  it("sets status, planned date and completion, records who acted, and reopening clears completion", async () => {
    const id = await insertRepair(ctx.db, tenantA.id);
    const scheduled = await setRepairStatus(ctx.db, id, {
      status: "scheduled",
      plannedDate: "2025-06-02",
      note: "  Termin mit Installateur  ",
      actorKind: "staff",
      actorName: "Frau Grünfeld",
    });
    expect(scheduled).toMatchObject({ id, status: "scheduled", planned_date: "2025-06-02", completed_at: null });
    expect(scheduled!.history.at(-1)).toMatchObject({
      status: "scheduled",
      actor: "staff",
      actor_name: "Frau Grünfeld",
      note: "Termin mit Installateur",
    });

    const completed = await setRepairStatus(ctx.db, id, {
      status: "completed",
      actorKind: "staff",
      actorName: "Frau Grünfeld",
    });
    expect(completed!.planned_date).toBe("2025-06-02");
    expect(completed!.completed_at).toEqual(expect.any(String));
    const row = await ctx.db.selectFrom("repairs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(completed!.completed_at);

    const reopened = await setRepairStatus(ctx.db, id, {
      status: "in_progress",
      plannedDate: null,
      actorKind: "system",
      actorName: "System",
    });
    expect(reopened).toMatchObject({ status: "in_progress", planned_date: null, completed_at: null });
    const changes = reopened!.history.map((h) => h.changed_at);
    expect([...changes].sort()).toEqual(changes);
    expect(new Set(changes).size).toBe(changes.length);
    expect(reopened!.history.map((h) => h.status)).toEqual(["reported", "scheduled", "completed", "in_progress"]);
    // What the tenant sees through the API is the same.
    expect((await api(ctx.app, tokenA).get(`${BASE}/${id}`)).json()).toEqual(await findRepair(ctx.db, tenantA.id, id));
  });

  it("answers undefined for an unknown repair and writes nothing", async () => {
    expect(
      await setRepairStatus(ctx.db, UNKNOWN_ID, { status: "canceled", actorKind: "staff", actorName: "X" }),
    ).toBeUndefined();
    const history = await ctx.db
      .selectFrom("repair_status_history")
      .select("id")
      .where("repair_id", "=", UNKNOWN_ID)
      .execute();
    expect(history).toEqual([]);
  });
});
