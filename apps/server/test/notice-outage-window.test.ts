import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { auditOf, outboxTo } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";

// Issue 25 item 21: an outage notice carries the outage's own window (from/until, Berlin time); the
// mail's "Zeitraum", the staff and tenant APIs give that window, not the notice's validity, which
// still decides who sees it when (docs/decisions/032-outage-window.md).

const HOUSE = "Störweg 3, 10999 Berlin";
const STAFF = "/api/v1/staff/notices";
const TENANT = "/api/v1/tenant/notices";
const HOUR = 3_600_000;

let ctx: TestContext;
let houseId: string;
let tenant: TenantFixture;
let verwalter: string;
let tenantToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.db, { address: HOUSE, firstName: "Ida", lastName: "Imhaus" });
  houseId = await ensureBuilding(ctx.db, HOUSE);
  verwalter = await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [HOUSE]));
  tenantToken = await login(ctx.app, tenant);
});
afterAll(() => ctx.close());

const staff = () => api(ctx.app, verwalter);
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** A water outage on Tuesday 3 Dec 2030, 8–12 Berlin time (winter), shown from now until the 5th. */
function outage(overrides: Record<string, unknown> = {}) {
  return {
    building_id: houseId,
    title: `Wasser abgestellt ${Math.random().toString(36).slice(2, 8)}`,
    text: "Der Hausanschluss wird erneuert. Bitte halten Sie Wasser vorrätig.",
    kind: "emergency",
    emergency_type: "water_outage",
    valid_until: "2030-12-05T18:00:00+01:00",
    outage_from: "2030-12-03T08:00:00+01:00",
    outage_until: "2030-12-03T12:00:00+01:00",
    ...overrides,
  };
}

/** The body of the outage mail the tenant got about `title` (the real outbox). */
async function mailAbout(title: string): Promise<string> {
  const mails = (await outboxTo(ctx.db, tenant.id)).filter(
    (m) => m.kind === "notice_emergency" && m.subject.endsWith(title),
  );
  expect(mails).toHaveLength(1);
  return mails[0]!.body;
}

describe("the outage mail's Zeitraum", () => {
  it("is the outage's window in German, not the notice's validity", async () => {
    const body = outage();
    const res = await staff().post(STAFF, body);
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailAbout(body.title);
    expect(mail).toContain("Zeitraum: Di., 3. Dez. 2030, 8:00 – 12:00 Uhr");
    // The validity (until the 5th) is not the outage's time.
    expect(mail).not.toContain("05.12.2030");
  });

  it("names both days when the outage runs overnight, in summer time too", async () => {
    const body = outage({
      emergency_type: "heating_failure",
      valid_until: null,
      outage_from: "2030-07-02T06:00:00Z",
      outage_until: "2030-07-03T16:30:00Z",
    });
    expect((await staff().post(STAFF, body)).statusCode).toBe(201);
    expect(await mailAbout(body.title)).toContain(
      "Zeitraum: Di., 2. Juli 2030, 8:00 Uhr – Mi., 3. Juli 2030, 18:30 Uhr",
    );
  });

  it("follows a window that was changed before the notice became an outage", async () => {
    const info = await staff().post(STAFF, {
      building_id: houseId,
      title: "Aufzugswartung",
      text: "Der Aufzug wird gewartet.",
      kind: "information",
    });
    expect(info.statusCode, info.body).toBe(201);
    expect(info.json()).toMatchObject({ outage_from: null, outage_until: null });
    const changed = await staff().patch(`${STAFF}/${info.json().id}`, {
      title: "Aufzug außer Betrieb",
      kind: "emergency",
      emergency_type: "lift_out_of_order",
      outage_from: "2030-12-04T09:00:00+01:00",
      outage_until: "2030-12-04T15:00:00+01:00",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await mailAbout("Aufzug außer Betrieb")).toContain("Zeitraum: Mi., 4. Dez. 2030, 9:00 – 15:00 Uhr");
  });
});

describe("the window in the APIs", () => {
  it("staff and tenant get it as UTC instants; the validity still decides what the tenant sees", async () => {
    const body = outage();
    const created = await staff().post(STAFF, body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const window = { outage_from: "2030-12-03T07:00:00.000Z", outage_until: "2030-12-03T11:00:00.000Z" };
    expect(created.json()).toMatchObject(window);
    expect((await staff().get(`${STAFF}/${id}`)).json()).toMatchObject(window);
    const listed = (await staff().get(`${STAFF}?building=${houseId}`))
      .json()
      .items.find((n: { id: string }) => n.id === id);
    expect(listed).toMatchObject(window);
    // Shown now (valid from now), although the outage is in 2030.
    const seen = (await api(ctx.app, tenantToken).get(`${TENANT}?limit=100`)).json() as { id: string }[];
    expect(seen.find((n) => n.id === id)).toMatchObject({ ...window, kind: "emergency" });
    expect((await auditOf(ctx.db, id))[0]?.after).toMatchObject(window);

    // A notice not yet valid is not shown, whatever its window says.
    const later = await staff().post(
      STAFF,
      outage({ valid_from: inHours(48), outage_from: inHours(1), outage_until: inHours(3) }),
    );
    expect(later.statusCode, later.body).toBe(201);
    const seenNow = (await api(ctx.app, tenantToken).get(`${TENANT}?limit=100`)).json() as { id: string }[];
    expect(seenNow.map((n) => n.id)).not.toContain(later.json().id);
  });
});

describe("checking the window", () => {
  const refused = async (res: { statusCode: number; json: () => { fields?: Record<string, string> } }) => {
    expect(res.statusCode).toBe(400);
    return res.json().fields ?? {};
  };

  it("an outage needs both ends, the end after the start, and to be shown until its end", async () => {
    expect(
      await refused(await staff().post(STAFF, outage({ outage_from: undefined, outage_until: undefined }))),
    ).toEqual(
      expect.objectContaining({
        outage_from: "Bitte geben Sie an, ab wann die Störung besteht (Datum und Uhrzeit).",
        outage_until: "Bitte geben Sie an, bis wann die Störung voraussichtlich dauert (Datum und Uhrzeit).",
      }),
    );
    expect(await refused(await staff().post(STAFF, outage({ outage_until: null })))).toEqual(
      expect.objectContaining({
        outage_until: "Bitte geben Sie an, bis wann die Störung voraussichtlich dauert (Datum und Uhrzeit).",
      }),
    );
    expect(await refused(await staff().post(STAFF, outage({ outage_until: "2030-12-03T07:59:00+01:00" })))).toEqual(
      expect.objectContaining({ outage_until: "Das Ende der Störung muss nach ihrem Beginn liegen." }),
    );
    expect(await refused(await staff().post(STAFF, outage({ valid_until: "2030-12-03T10:00:00+01:00" })))).toEqual(
      expect.objectContaining({
        valid_until:
          "Der Aushang muss mindestens bis zum Ende der Störung gelten. Lassen Sie „Gültig bis“ leer oder wählen Sie ein späteres Ende.",
      }),
    );
    expect(await refused(await staff().post(STAFF, outage({ outage_from: "am Dienstag" })))).toEqual(
      expect.objectContaining({
        outage_from: "Störung von: bitte Datum und Uhrzeit mit Zeitzone angeben (z. B. 2026-12-01T08:00:00+01:00).",
      }),
    );
  });

  it("an information notice may have a window, but then both ends", async () => {
    const information = { building_id: houseId, title: "Fassade", text: "Gerüst an der Fassade.", kind: "information" };
    expect(
      await refused(await staff().post(STAFF, { ...information, outage_from: "2030-12-03T08:00:00+01:00" })),
    ).toEqual(
      expect.objectContaining({
        outage_until: "Bitte geben Sie an, bis wann die Störung voraussichtlich dauert (Datum und Uhrzeit).",
      }),
    );
    const ok = await staff().post(STAFF, {
      ...information,
      outage_from: "2030-12-03T08:00:00+01:00",
      outage_until: "2030-12-06T17:00:00+01:00",
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ kind: "information", outage_from: "2030-12-03T07:00:00.000Z" });
  });

  it("a change is checked against the notice as it would be: an outage keeps its window", async () => {
    const created = await staff().post(STAFF, outage());
    const id = created.json().id as string;
    expect(await refused(await staff().patch(`${STAFF}/${id}`, { outage_from: null, outage_until: null }))).toEqual(
      expect.objectContaining({ outage_from: "Bitte geben Sie an, ab wann die Störung besteht (Datum und Uhrzeit)." }),
    );
    expect(await refused(await staff().patch(`${STAFF}/${id}`, { outage_until: "2030-12-03T06:00:00+01:00" }))).toEqual(
      expect.objectContaining({ outage_until: "Das Ende der Störung muss nach ihrem Beginn liegen." }),
    );
    expect(await refused(await staff().patch(`${STAFF}/${id}`, { valid_until: "2030-12-03T09:00:00+01:00" }))).toEqual(
      expect.objectContaining({ valid_until: expect.stringContaining("bis zum Ende der Störung") }),
    );
    // Moving the window: saved, the tenants are not mailed again (one mail per notice).
    const moved = await staff().patch(`${STAFF}/${id}`, { outage_until: "2030-12-03T14:00:00+01:00" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ outage_until: "2030-12-03T13:00:00.000Z" });
    await mailAbout(created.json().title);

    // Back to an information notice, the window may go.
    const info = await staff().patch(`${STAFF}/${id}`, {
      kind: "information",
      emergency_type: null,
      outage_from: null,
      outage_until: null,
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ outage_from: null, outage_until: null });
  });

  it("an outage published before windows existed gets one on its next change", async () => {
    const created = await staff().post(STAFF, outage());
    const id = created.json().id as string;
    await ctx.db.updateTable("notices").set({ outage_from: null, outage_until: null }).where("id", "=", id).execute();
    expect(await refused(await staff().patch(`${STAFF}/${id}`, { title: "Wasser: neuer Text" }))).toEqual(
      expect.objectContaining({ outage_from: expect.stringContaining("ab wann die Störung") }),
    );
    const fixed = await staff().patch(`${STAFF}/${id}`, {
      title: "Wasser: neuer Text",
      outage_from: "2030-12-03T08:00:00+01:00",
      outage_until: "2030-12-03T12:00:00+01:00",
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });
});
