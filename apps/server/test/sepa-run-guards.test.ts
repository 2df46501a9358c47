import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { runFileAt } from "./clock.js";
import { BUILDING_A } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTestContext,
  type StaffFixture,
  staffLogin,
  type TestContext,
} from "./helpers.js";

// Issue 28, review: cancelling a run leaves an imported mandate's last collection as the import
// recorded it (RCUR, not "verfallen"); a run's file is refused at its first download when a mandate
// was revoked since, or when the collection date is too soon for the bank today.

// Friday 20 February 2026, 10:00 in Berlin.
const START = "2026-02-20T09:00:00Z";
runFileAt(START);

const HEADER =
  "Vorname;Nachname;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten;IBAN;Mandat vom;Mandatsreferenz;Kontoinhaber";
const row = (name: string, unit: string, rest: string) =>
  `${name};Import;${BUILDING_A};${unit};01.01.2020;600,00;150,00;${rest}`;

let ctx: TestContext;
let token: string;
let verwalter: StaffFixture;
const as = () => api(ctx.app, token);

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await staffLogin(ctx.app, await createStaffMember(ctx.db, "administrator"));
  verwalter = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  token = await staffLogin(ctx.app, verwalter);
  const creditor = await api(ctx.app, admin).inject({
    method: "PUT",
    url: "/api/v1/staff/sepa/creditor",
    payload: {
      creditor_id: "DE98ZZZ09999999999",
      name: "Grünfeld Hausverwaltung GmbH",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
    },
  });
  expect(creditor.statusCode, creditor.body).toBe(200);
  const imported = await as().post("/api/v1/staff/tenants/import", {
    csv: [
      HEADER,
      row("Alt", "WE 1", "DE02120300000000202051;15.03.2019;ALTSYS-1;Anna Alt"),
      row("Zweit", "WE 2", "DE02500105170137075030;10.01.2026;ALTSYS-2;Zora Zweit"),
    ].join("\n"),
  });
  expect(imported.json(), imported.body).toMatchObject({ created: 2 });
  await ensureRentCharges(ctx.db);
});
afterAll(() => ctx.close());

const mandate = (reference: string) =>
  ctx.db.selectFrom("sepa_mandates").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
const makeRun = async (collectionDate: string) => {
  const res = await as().post("/api/v1/staff/sepa/runs", { month: "2026-03", collection_date: collectionDate });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const cancel = async (id: string) => {
  const res = await as().post(`/api/v1/staff/sepa/runs/${id}/cancel`, { not_submitted: true });
  expect(res.statusCode, res.body).toBe(200);
};

describe("a cancelled run and imported mandates", () => {
  it("keeps the imported last collection: RCUR, active, the expiry from it", async () => {
    const before = await mandate("ALTSYS-1");
    expect(before.last_collection_on).toBe("2026-01-20");
    const runId = await makeRun("2026-03-03");
    expect((await mandate("ALTSYS-1")).last_collection_on).toBe("2026-03-03");
    await cancel(runId);
    const after = (await as().get(`/api/v1/staff/sepa/mandates/${before.id}`)).json();
    expect(after).toMatchObject({
      state: "active",
      next_sequence: "RCUR",
      last_collection_on: "2026-01-20",
      expires_on: "2029-01-20",
    });
    const remade = await makeRun("2026-03-03");
    const detail = (await as().get(`/api/v1/staff/sepa/runs/${remade}`)).json();
    expect(detail.items.map((i: { sequence: string }) => i.sequence)).toEqual(["RCUR", "RCUR"]);
    await cancel(remade);
  });
});

describe("downloading a run's file", () => {
  it("refuses it when a mandate was revoked after the run was made, and marks nothing", async () => {
    const runId = await makeRun("2026-03-03");
    const revoked = await as().post(`/api/v1/staff/sepa/mandates/${(await mandate("ALTSYS-2")).id}/revoke`, {
      reason: "Widerruf der Mieterin",
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const file = await as().get(`/api/v1/staff/sepa/runs/${runId}/file`);
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toContain("Das Mandat ALTSYS-2 wurde nach dem Anlegen des Einzugs widerrufen");
    expect(file.json().message).toContain("stornieren Sie diesen Einzug und legen Sie einen neuen an");
    expect((await as().get(`/api/v1/staff/sepa/runs/${runId}`)).json().state).toBe("created");
    await cancel(runId);
  });

  it("refuses it when the collection date is too soon for the bank on the day of the download", async () => {
    const runId = await makeRun("2026-03-03");
    try {
      // Monday 2 March: two TARGET days ahead is Wednesday 4 March.
      vi.setSystemTime(new Date("2026-03-02T08:00:00Z"));
      token = await staffLogin(ctx.app, verwalter);
      const late = await as().get(`/api/v1/staff/sepa/runs/${runId}/file`);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toContain("Für das Einzugsdatum 03.03.2026 ist es zu spät");
      expect(late.json().message).toContain("frühestens zum 04.03.2026");
      expect((await as().get(`/api/v1/staff/sepa/runs/${runId}`)).json().state).toBe("created");
      // Friday 27 February: Tuesday 3 March is still in time.
      vi.setSystemTime(new Date("2026-02-27T08:00:00Z"));
      token = await staffLogin(ctx.app, verwalter);
      const inTime = await as().get(`/api/v1/staff/sepa/runs/${runId}/file`);
      expect(inTime.statusCode, inTime.body).toBe(200);
      expect(inTime.body).toContain("2026-03-03");
    } finally {
      vi.setSystemTime(new Date(START));
    }
  });
});
