import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../src/cli/admin.js";
import { CAMPAIGN_CSV_HEADERS, csvCell } from "../src/domain/meter-readings/campaign-csv.js";
import { dispatchCampaignMails, remindOpenParticipants } from "../src/domain/meter-readings/campaign-mailing.js";
import {
  CAMPAIGN_REMINDER_KIND,
  CAMPAIGN_START_KIND,
  defaultCampaignPeriod,
  reminderDue,
  requestTenantReading,
  startMailDue,
  startMeterCampaign,
} from "../src/domain/meter-readings/meter-campaigns.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { setTenantNotifyEmail } from "../src/domain/tenants/tenants.js";
import { berlinToday, berlinToUtc } from "../src/lib/time.js";
import { photo } from "./factories/repairs.js";
import { auditOf, COMPANY, collectingMailer, outboxTo, writeCounts } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TenantFixture,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

const STAFF = "/api/v1/staff/meter-campaigns";
const TENANT_CAMPAIGNS = "/api/v1/tenant/meter-campaigns";
const TENANT_READINGS = "/api/v1/tenant/meter-readings";
/** Campaigns ask whole buildings: each part of this file has buildings of its own. */
const HOUSE = "Kampagnenweg 1, 10999 Berlin";
const OTHER = "Andereweg 2, 10999 Berlin";
const MAIL_HOUSE = "Erinnerungsweg 3, 10999 Berlin";
const CTX = { company: COMPANY, publicUrl: "http://portal.test" };
const CLI = { staffId: null, name: "Test", ip: null };

const { mailer } = collectingMailer();
let ctx: TestContext;
const tenants: Record<string, TenantFixture> = {};
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let houseId: string;

const day = (offset: number) => addDays(berlinToday(), offset);
const as = (who: string) => api(ctx.app, tokens[who]);

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  tenants.anna = await createTenant(ctx.db, {
    address: HOUSE,
    firstName: "Anna",
    lastName: "Ahorn",
    apartment: "EG links",
  });
  tenants.bernd = await createTenant(ctx.db, {
    address: HOUSE,
    firstName: "Bernd",
    lastName: "Birke",
    apartment: "1. OG rechts",
  });
  tenants.carla = await createTenant(ctx.db, {
    address: HOUSE,
    firstName: "=Carla",
    lastName: "Ceder; Eiche",
    apartment: "2. OG",
  });
  // Moved out last year: not asked by a building campaign.
  tenants.moved = await createTenant(ctx.db, {
    address: HOUSE,
    firstName: "Max",
    lastName: "Weg",
    endDate: "2020-06-30",
  });
  tenants.other = await createTenant(ctx.db, { address: OTHER, firstName: "Olga", lastName: "Ort" });
  houseId = await ensureBuilding(ctx.db, HOUSE);
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalter = await createStaffMember(ctx.db, "verwalter", [HOUSE]);
  people.verwalterOther = await createStaffMember(ctx.db, "verwalter", [OTHER]);
  people.hausmeister = await createStaffMember(ctx.db, "hausmeister", [HOUSE]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  for (const [name, tenant] of Object.entries(tenants)) {
    if (name !== "moved") tokens[name] = await login(ctx.app, tenant);
  }
});
afterAll(() => ctx.close());

async function startCampaign(body: Record<string, unknown>, who = "verwalter") {
  const res = await as(who).post(STAFF, { building_id: houseId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function submit(who: string, body: Record<string, unknown>) {
  const res = await as(who).post(TENANT_READINGS, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe("the default period", () => {
  it("is the turn of the year that runs or comes next (27 December – 3 January)", () => {
    expect(defaultCampaignPeriod("2026-11-23")).toEqual({ startsOn: "2026-12-27", endsOn: "2027-01-03" });
    expect(defaultCampaignPeriod("2026-12-31")).toEqual({ startsOn: "2026-12-27", endsOn: "2027-01-03" });
    expect(defaultCampaignPeriod("2027-01-03")).toEqual({ startsOn: "2026-12-27", endsOn: "2027-01-03" });
    expect(defaultCampaignPeriod("2027-01-04")).toEqual({ startsOn: "2027-12-27", endsOn: "2028-01-03" });
  });

  it("mails at 8:00 Berlin on the first day and two days before the last", () => {
    expect(startMailDue("2026-12-27").toISOString()).toBe("2026-12-27T07:00:00.000Z");
    expect(reminderDue("2026-12-27", "2027-01-03")?.toISOString()).toBe("2027-01-01T07:00:00.000Z");
    // Three days or less: the start mail is all there is.
    expect(reminderDue("2026-12-27", "2026-12-29")).toBeNull();
  });
});

describe("POST /staff/meter-campaigns", () => {
  it("starts a campaign for the building's current tenants with the default period, audited", async () => {
    const campaign = await startCampaign({ meter: "water" });
    const period = defaultCampaignPeriod(berlinToday());
    expect(campaign).toMatchObject({
      building: { id: houseId, name: "Kampagnenweg 1", address: HOUSE },
      meter: "water",
      kind: "period",
      starts_on: period.startsOn,
      ends_on: period.endsOn,
      participant_count: 3,
      submitted_count: 0,
      created_by: { id: people.verwalter!.id },
    });
    expect(campaign.participants.map((p: { tenant: { id: string } }) => p.tenant.id).sort()).toEqual(
      [tenants.anna!.id, tenants.bernd!.id, tenants.carla!.id].sort(),
    );
    // Unit order: EG before the upper floors.
    expect(campaign.participants.map((p: { unit: string }) => p.unit)).toEqual(["1. OG rechts", "2. OG", "EG links"]);
    const audit = await auditOf(ctx.db, campaign.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "meter_campaign.started",
        staff_id: people.verwalter!.id,
        building_id: houseId,
        after: expect.objectContaining({ meter: "water", participant_count: 3 }),
      }),
    ]);
  });

  it("refuses bad input in German and writes nothing", async () => {
    const before = await writeCounts(ctx.db);
    const reversed = await as("verwalter").post(STAFF, {
      building_id: houseId,
      meter: "water",
      starts_on: day(5),
      ends_on: day(1),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("Das Ende des Zeitraums liegt vor seinem Beginn.");
    const oneSided = await as("verwalter").post(STAFF, { building_id: houseId, meter: "water", starts_on: day(1) });
    expect(oneSided.statusCode).toBe(400);
    expect((await as("verwalter").post(STAFF, { building_id: houseId, meter: "gas" })).statusCode).toBe(400);
    const stranger = await as("admin").post(STAFF, {
      building_id: houseId,
      meter: "water",
      tenant_id: tenants.other!.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe("Die Mieterin oder der Mieter hat kein Mietverhältnis in diesem Gebäude.");
    const empty = await ensureBuilding(ctx.db, "Leerstand 9, 10999 Berlin");
    const nobody = await as("admin").post(STAFF, { building_id: empty, meter: "water" });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe("In diesem Gebäude wohnt derzeit niemand mit laufendem Mietverhältnis.");
    expect((await as("admin").post(STAFF, { building_id: UNKNOWN_ID, meter: "water" })).statusCode).toBe(400);
    expect(await writeCounts(ctx.db)).toEqual(before);
  });
});

describe("role and building scope", () => {
  it("refuses other buildings (404), Hausmeister (403) and tenant tokens (401)", async () => {
    const campaign = await startCampaign({ meter: "heating", starts_on: day(-1), ends_on: day(6) });
    const before = await writeCounts(ctx.db);
    for (const path of [`${STAFF}/${campaign.id}`, `${STAFF}/${campaign.id}/export`]) {
      expect((await as("verwalterOther").get(path)).statusCode).toBe(404);
      expect((await as("hausmeister").get(path)).statusCode).toBe(403);
      expect((await as("anna").get(path)).statusCode).toBe(401);
    }
    expect((await as("verwalterOther").post(STAFF, { building_id: houseId, meter: "water" })).statusCode).toBe(404);
    expect((await as("hausmeister").post(STAFF, { building_id: houseId, meter: "water" })).statusCode).toBe(403);
    expect((await as("anna").post(STAFF, { building_id: houseId, meter: "water" })).statusCode).toBe(401);
    expect((await as("verwalterOther").get(`${STAFF}?building_id=${houseId}`)).statusCode).toBe(404);
    expect((await as("hausmeister").get(STAFF)).statusCode).toBe(403);
    expect((await as("anna").get(STAFF)).statusCode).toBe(401);
    const otherList = await as("verwalterOther").get(STAFF);
    expect(otherList.statusCode).toBe(200);
    expect(otherList.json().items).toEqual([]);
    expect((await as("verwalter").get(`${STAFF}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    // A staff token does not open the tenant's campaigns either.
    expect((await as("verwalter").get(TENANT_CAMPAIGNS)).statusCode).toBe(401);
    expect(await writeCounts(ctx.db)).toEqual(before);
    const mine = await as("verwalter").get(`${STAFF}?building_id=${houseId}`);
    expect(mine.json().items.map((c: { id: string }) => c.id)).toContain(campaign.id);
  });
});

describe("a campaign around today", () => {
  it("shows the tenants' card, who submitted with photos and flags, accept and send back, and the CSV", async () => {
    const campaign = await startCampaign({ meter: "water", starts_on: day(-2), ends_on: day(5) });
    // Anna: the card, then a reading with a photo.
    const card = await as("anna").get(TENANT_CAMPAIGNS);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toContainEqual(
      expect.objectContaining({ id: campaign.id, meter: "water", status: "open", ends_on: day(5) }),
    );
    // Another building's tenant sees none of it.
    expect((await as("other").get(TENANT_CAMPAIGNS)).json()).toEqual([]);

    const annaReading = await submit("anna", {
      readingDate: day(0),
      waterReading: 123.456,
      electricityReading: 4000,
      photos: { waterMeterPhoto: photo("sample.png", { mime: "image/png", filename: "wasser.png" }) },
    });
    // Carla: a reading before the period (not counted), then a lower one within it.
    await submit("carla", { readingDate: day(-30), waterReading: 50 });
    const carlaReading = await submit("carla", { readingDate: day(-1), waterReading: 40.5, confirmLower: true });
    // Bernd submits only electricity: that does not answer a water campaign.
    await submit("bernd", { readingDate: day(0), electricityReading: 100 });

    expect((await as("anna").get(TENANT_CAMPAIGNS)).json()).toContainEqual(
      expect.objectContaining({ id: campaign.id, status: "submitted" }),
    );
    let detail = (await as("verwalter").get(`${STAFF}/${campaign.id}`)).json();
    expect(detail.submitted_count).toBe(2);
    const byName = (name: string) =>
      detail.participants.find((p: { tenant: { name: string } }) => p.tenant.name.startsWith(name));
    expect(byName("Anna")).toMatchObject({
      status: "submitted",
      unit: "EG links",
      reading: { id: annaReading, water_reading: 123.456, lower_than_previous: [], review: null },
    });
    expect(byName("Anna").reading.photos).toEqual([
      expect.objectContaining({
        meter: "water",
        filename: "wasser.png",
        url: expect.stringMatching(/^\/api\/v1\/staff\/photos\//),
      }),
    ]);
    expect((await as("verwalter").get(byName("Anna").reading.photos[0].url)).statusCode).toBe(200);
    expect(byName("=Carla")).toMatchObject({
      status: "submitted",
      reading: { id: carlaReading, lower_than_previous: ["water"] },
    });
    expect(byName("Bernd")).toMatchObject({ status: "open", reading: null });

    // Accept Anna's, send Carla's back: the existing reading routes.
    expect((await as("verwalter").post(`/api/v1/staff/meter-readings/${annaReading}/accept`)).statusCode).toBe(200);
    const back = await as("verwalter").post(`/api/v1/staff/meter-readings/${carlaReading}/request-renewal`, {
      message: "Bitte lesen Sie den Wasserzähler noch einmal ab.",
    });
    expect(back.statusCode).toBe(200);
    detail = (await as("verwalter").get(`${STAFF}/${campaign.id}`)).json();
    expect(byName("Anna").status).toBe("accepted");
    expect(byName("=Carla").status).toBe("sent_back");
    expect(detail.submitted_count).toBe(1);
    expect((await as("carla").get(TENANT_CAMPAIGNS)).json()).toContainEqual(
      expect.objectContaining({ id: campaign.id, status: "sent_back" }),
    );

    // The export.
    const res = await as("verwalter").get(`${STAFF}/${campaign.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(
      `zaehlerstaende-kampagnenweg-1-10999-berlin-water-${day(-2)}.csv`,
    );
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString("utf8").slice(1);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Einheit;Mieter;Zähler;Zählerstand;Einheit des Zählerstands;Ablesedatum;Foto;Hinweis;Status");
    expect(lines[0]!.split(";")).toEqual([...CAMPAIGN_CSV_HEADERS]);
    const german = (date: string) => `${date.slice(8)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
    const photoId = byName("Anna").reading.photos[0].id;
    expect(lines.slice(1)).toEqual([
      "1. OG rechts;Birke, Bernd;Wasser;;m³;;;;Offen",
      `2. OG;"Ceder; Eiche, =Carla";Wasser;40,5;m³;${german(day(-1))};;niedriger als zuvor;Zurückgeschickt`,
      `EG links;Ahorn, Anna;Wasser;123,456;m³;${german(day(0))};${ctx.app.config.publicUrl}/api/v1/staff/photos/${photoId};;Angenommen`,
    ]);
    expect((await auditOf(ctx.db, campaign.id)).map((a) => a.action)).toEqual([
      "meter_campaign.started",
      "meter_campaign.exported",
    ]);
  });

  it("has one row per meter when it asks for all meters", async () => {
    const campaign = await startCampaign({ meter: "all", starts_on: day(-1), ends_on: day(1) });
    const text = (await as("admin").get(`${STAFF}/${campaign.id}/export`)).rawPayload.toString("utf8");
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 3 * 3);
    expect(lines.slice(1, 4).map((l) => l.split(";")[2])).toEqual(["Wasser", "Strom", "Heizung"]);
    // Bernd's electricity from today counts for "Strom"; water and heating stay empty.
    expect(lines.slice(1, 4).map((l) => l.split(";")[3])).toEqual(["", "100", ""]);
  });

  it("guards cells against formulas and quotes separators", () => {
    expect(csvCell("=SUMME(A1)")).toBe("'=SUMME(A1)");
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('ein "Zitat"')).toBe('"ein ""Zitat"""');
    expect(csvCell("EG links")).toBe("EG links");
  });
});

describe("on demand for one tenant (move-out)", () => {
  it("asks only that tenant; the others of the building see nothing", async () => {
    const id = await requestTenantReading(ctx.db, { tenantId: tenants.bernd!.id }, CLI);
    expect(id).toBeDefined();
    const bernd = (await as("bernd").get(TENANT_CAMPAIGNS)).json();
    expect(bernd).toContainEqual(
      expect.objectContaining({
        id,
        meter: "all",
        kind: "on_demand",
        reason: "Auszug",
        starts_on: day(0),
        ends_on: day(13),
      }),
    );
    expect((await as("anna").get(TENANT_CAMPAIGNS)).json().map((c: { id: string }) => c.id)).not.toContain(id);
    const detail = (await as("verwalter").get(`${STAFF}/${id}`)).json();
    expect(detail).toMatchObject({ kind: "on_demand", participant_count: 1 });
    expect(detail.participants.map((p: { tenant: { id: string } }) => p.tenant.id)).toEqual([tenants.bernd!.id]);
    // The moved-out tenant can still be asked (their old tenancy's building).
    expect(await requestTenantReading(ctx.db, { tenantId: tenants.moved!.id }, CLI)).toBeDefined();
    expect(await requestTenantReading(ctx.db, { tenantId: UNKNOWN_ID }, CLI)).toBeUndefined();
  });
});

describe("campaign mails", () => {
  it("start and reminder exactly once per tenant, only to those who have not submitted and want e-mail", async () => {
    const ida = await createTenant(ctx.db, { address: MAIL_HOUSE, firstName: "Ida", lastName: "Immer" });
    const jan = await createTenant(ctx.db, { address: MAIL_HOUSE, firstName: "Jan", lastName: "Jetzt" });
    const kai = await createTenant(ctx.db, { address: MAIL_HOUSE, firstName: "Kai", lastName: "Kein" });
    await setTenantNotifyEmail(ctx.db, kai.id, false);
    const buildingId = await ensureBuilding(ctx.db, MAIL_HOUSE);
    const startsOn = day(-10);
    const endsOn = day(1);
    const started = await startMeterCampaign(ctx.db, { buildingId, meter: "water", startsOn, endsOn }, CLI);
    expect(started).toMatchObject({ ok: true, participantCount: 3 });
    const kinds = async (tenantId: string) =>
      (await outboxTo(ctx.db, tenantId)).filter((m) => m.kind.startsWith("meter_campaign")).map((m) => m.kind);

    // Before 8:00 on the first day: nothing. (Other tests' campaigns may run on the days used
    // here, so the checks look at this building's tenants, not at the counts returned.)
    await dispatchCampaignMails(ctx.db, CTX, berlinToUtc(startsOn, 7, 59));
    expect(await kinds(ida.id)).toEqual([]);
    // From 8:00: the start mails, twice in parallel (as two processes would), written once.
    const at9 = berlinToUtc(startsOn, 9);
    await Promise.all([dispatchCampaignMails(ctx.db, CTX, at9), dispatchCampaignMails(ctx.db, CTX, at9)]);
    expect(await kinds(ida.id)).toEqual([CAMPAIGN_START_KIND]);
    expect(await kinds(jan.id)).toEqual([CAMPAIGN_START_KIND]);
    expect(await kinds(kai.id)).toEqual([]);
    const [startMail] = await outboxTo(ctx.db, ida.id);
    expect(startMail!.subject).toBe(
      `${COMPANY}: Bitte Zählerstand melden bis ${endsOn.slice(8)}.${endsOn.slice(5, 7)}.${endsOn.slice(0, 4)}`,
    );
    expect(startMail!.body).toContain("Guten Tag Ida Immer,");
    expect(startMail!.body).toContain("Ihren Zählerstand (Wasser) ab");
    expect(startMail!.body).toContain("http://portal.test/meter-readings");

    // Jan submits; then the reminder falls due (8:00 two days before the end).
    tokens.jan = await login(ctx.app, jan);
    await submit("jan", { readingDate: day(-2), waterReading: 12 });
    const remind = reminderDue(startsOn, endsOn)!;
    await dispatchCampaignMails(ctx.db, CTX, new Date(remind.getTime() - 60_000));
    expect(await kinds(ida.id)).toEqual([CAMPAIGN_START_KIND]);
    const later = new Date(remind.getTime() + 3_600_000);
    await Promise.all([dispatchCampaignMails(ctx.db, CTX, later), dispatchCampaignMails(ctx.db, CTX, later)]);
    expect(await kinds(ida.id)).toEqual([CAMPAIGN_START_KIND, CAMPAIGN_REMINDER_KIND]);
    expect(await kinds(jan.id)).toEqual([CAMPAIGN_START_KIND]);
    expect(await kinds(kai.id)).toEqual([]);
    const reminder = (await outboxTo(ctx.db, ida.id)).find((m) => m.kind === CAMPAIGN_REMINDER_KIND)!;
    expect(reminder.body).toContain("von Ihnen fehlt noch der Zählerstand (Wasser)");
    expect(reminder.body).toContain("anhand des bisherigen Verbrauchs schätzen");

    // The worker's rounds (now) and later dispatches add nothing; the worker sends them once.
    await dispatchCampaignMails(ctx.db, CTX, later);
    await ctx.app.notifications.runOnce();
    await ctx.app.notifications.runOnce();
    expect(await kinds(ida.id)).toEqual([CAMPAIGN_START_KIND, CAMPAIGN_REMINDER_KIND]);
    const sent = await outboxTo(ctx.db, ida.id);
    expect(sent.every((m) => m.sent_at !== null)).toBe(true);
  });

  it("a campaign started late sends its start mail and no reminder on top", async () => {
    const lea = await createTenant(ctx.db, { address: "Spätweg 4, 10999 Berlin", firstName: "Lea", lastName: "Late" });
    const buildingId = await ensureBuilding(ctx.db, "Spätweg 4, 10999 Berlin");
    const startsOn = day(-10);
    const endsOn = day(1);
    await startMeterCampaign(ctx.db, { buildingId, meter: "heating", startsOn, endsOn }, CLI);
    const late = new Date(reminderDue(startsOn, endsOn)!.getTime() + 3_600_000);
    await dispatchCampaignMails(ctx.db, CTX, late);
    await dispatchCampaignMails(ctx.db, CTX, new Date(late.getTime() + 3_600_000));
    expect((await outboxTo(ctx.db, lea.id)).map((m) => m.kind)).toEqual([CAMPAIGN_START_KIND]);
  });
});

describe("admin CLI start-meter-campaign", () => {
  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(
      argv,
      { out: (t) => out.push(t), err: (t) => err.push(t) },
      { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
    );
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  it("starts a campaign by building address with the repository's rules, audited", async () => {
    const run = await admin(
      "start-meter-campaign",
      "--building",
      HOUSE,
      "--meter",
      "electricity",
      "--from",
      day(0),
      "--to",
      day(7),
    );
    expect(run.code, run.err).toBe(0);
    const id = /ID ([0-9a-f-]{36})/.exec(run.out)?.[1];
    expect(run.out).toContain("Ablesung „Strom“ für Kampagnenweg 1 gestartet");
    expect(run.out).toContain("3 Mietende gefragt");
    const audit = await auditOf(ctx.db, id!);
    expect(audit).toEqual([
      expect.objectContaining({ action: "meter_campaign.started", staff_name: "Admin-Kommandozeile" }),
    ]);
    // One tenant on demand, by e-mail.
    const single = await admin(
      "start-meter-campaign",
      "--building",
      "kampagnenweg 1",
      "--meter",
      "all",
      "--email",
      tenants.anna!.email,
      "--reason",
      "Auszug",
    );
    expect(single.code, single.err).toBe(0);
    expect(single.out).toContain("1 Mietende gefragt");
  });

  it("refuses unknown buildings, half periods and bad meters with German messages", async () => {
    const unknown = await admin("start-meter-campaign", "--building", "Nirgendwo 1", "--meter", "water");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("Es gibt kein Gebäude „Nirgendwo 1“.");
    const half = await admin("start-meter-campaign", "--building", HOUSE, "--meter", "water", "--from", day(0));
    expect(half.code).toBe(2);
    expect(half.err).toContain("Bitte --from und --to zusammen angeben");
    expect((await admin("start-meter-campaign", "--building", HOUSE, "--meter", "gas")).code).toBe(2);
    const stranger = await admin(
      "start-meter-campaign",
      "--building",
      HOUSE,
      "--meter",
      "water",
      "--email",
      tenants.other!.email,
    );
    expect(stranger.code).toBe(1);
    expect(stranger.err).toContain("kein Mietverhältnis in diesem Gebäude");
  });
});

describe("Offene jetzt erinnern (issue 25 item 20)", () => {
  const REMIND_HOUSE = "Sofortweg 5, 10999 Berlin";

  it("mails the open ones with e-mail on now, audited, at most once per campaign and day", async () => {
    const mia = await createTenant(ctx.db, { address: REMIND_HOUSE, firstName: "Mia", lastName: "Muss" });
    const nils = await createTenant(ctx.db, { address: REMIND_HOUSE, firstName: "Nils", lastName: "Nein" });
    const ole = await createTenant(ctx.db, { address: REMIND_HOUSE, firstName: "Ole", lastName: "Ohne" });
    await setTenantNotifyEmail(ctx.db, ole.id, false);
    const verwalter = await createStaffMember(ctx.db, "verwalter", [REMIND_HOUSE]);
    const token = await staffLogin(ctx.app, verwalter);
    const buildingId = await ensureBuilding(ctx.db, REMIND_HOUSE);
    const res = await api(ctx.app, token).post(STAFF, {
      building_id: buildingId,
      meter: "water",
      starts_on: day(-3),
      ends_on: day(4),
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json();
    // Nils has submitted: no reminder for him.
    const nilsToken = await login(ctx.app, nils);
    expect(
      (await api(ctx.app, nilsToken).post(TENANT_READINGS, { readingDate: day(0), waterReading: 12 })).statusCode,
    ).toBe(201);
    const reminders = async (tenantId: string) =>
      (await outboxTo(ctx.db, tenantId)).filter((m) => m.kind === CAMPAIGN_REMINDER_KIND);

    // Someone else's building: 404, nothing mailed.
    expect((await as("verwalterOther").post(`${STAFF}/${campaign.id}/remind`)).statusCode).toBe(404);
    expect(await reminders(mia.id)).toEqual([]);

    // Two clicks at once: one reminder.
    const [first, second] = await Promise.all([
      api(ctx.app, token).post(`${STAFF}/${campaign.id}/remind`),
      api(ctx.app, token).post(`${STAFF}/${campaign.id}/remind`),
    ]);
    const answers = [first, second].map((r) => r.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    const ok = first.statusCode === 200 ? first : second;
    const refused = first.statusCode === 200 ? second : first;
    expect(ok.json()).toEqual({ open: 2, mailed: 1 });
    expect(refused.json().message).toBe(
      "Die Offenen wurden heute schon erinnert. Eine weitere Erinnerung ist ab morgen möglich.",
    );
    expect((await reminders(mia.id)).map((m) => m.subject)).toEqual([
      `${COMPANY}: Erinnerung: Zählerstand bis ${`${day(4).slice(8)}.${day(4).slice(5, 7)}.${day(4).slice(0, 4)}`} melden`,
    ]);
    expect(await reminders(nils.id)).toEqual([]);
    expect(await reminders(ole.id)).toEqual([]);
    const audit = (await auditOf(ctx.db, campaign.id)).filter((a) => a.action === "meter_campaign.reminded");
    expect(audit).toEqual([expect.objectContaining({ staff_id: verwalter.id, after: { open: 2, mailed: 1 } })]);

    // The next day it may remind again (the repository with tomorrow's clock).
    const tomorrow = berlinToUtc(day(1), 10);
    expect(await remindOpenParticipants(ctx.db, CTX, campaign.id, CLI, tomorrow)).toEqual({
      ok: true,
      open: 2,
      mailed: 1,
    });
    expect(await reminders(mia.id)).toHaveLength(2);
    // After the last day: nothing to remind of.
    expect(await remindOpenParticipants(ctx.db, CTX, campaign.id, CLI, berlinToUtc(day(5), 10))).toEqual({
      ok: false,
      problem: "not_running",
    });
  });
});
