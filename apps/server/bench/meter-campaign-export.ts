/**
 * Issue 14 §5/§6: the meter campaign export in the portfolio bench (bench/portfolio.ts calls it with
 * its seeded portfolio). On the repository functions the console and the CLI use:
 * - a campaign for one building (10,000 tenants / 20 buildings = 500 tenants), 4 of 5 of them with
 *   a reading in the period: the console's campaign page and the CSV export, each timed through
 *   the HTTP route (three runs, the slowest counts);
 * - a campaign in every building (every tenant asked): the worker's decision of all start mails
 *   (dispatchCampaignMails), timed once.
 */
import { DEFAULT_CLIENT_API_KEY } from "@mieter-portal/contracts";
import type { FastifyInstance } from "fastify";
import type { Db } from "../src/db/connection.js";
import { dispatchCampaignMails } from "../src/domain/meter-readings/campaign-mailing.js";
import { findMeterCampaign } from "../src/domain/meter-readings/campaign-queries.js";
import { startMailDue, startMeterCampaign } from "../src/domain/meter-readings/meter-campaigns.js";
import { createMeterReading } from "../src/domain/meter-readings/meter-readings.js";
import { berlinToday } from "../src/lib/time.js";

type Row = [string, string, string, string];

const EXPORT_TARGET_MS = 2_000;
const DISPATCH_TARGET_MS = 10_000;
const ACTOR = { staffId: null, name: "Bench", ip: null };

const ms = (n: number) => `${n.toFixed(0)} ms`;
const mark = (ok: boolean) => (ok ? "ja" : "NEIN");

export async function meterCampaignRows(ctx: {
  app: FastifyInstance;
  db: Db;
  staffToken: string;
  buildingIds: string[];
}): Promise<Row[]> {
  const today = berlinToday();
  const headers = { "x-api-key": DEFAULT_CLIENT_API_KEY, authorization: `Bearer ${ctx.staffToken}` };
  const started = await startMeterCampaign(
    ctx.db,
    { buildingId: ctx.buildingIds[0]!, meter: "water", startsOn: today, endsOn: today },
    ACTOR,
  );
  if (!started.ok) throw new Error(`campaign not started: ${started.problem}`);
  const campaign = await findMeterCampaign(ctx.db, started.id);
  const participants = campaign?.participants ?? [];
  let seeded = 0;
  for (const [i, p] of participants.entries()) {
    if (i % 5 === 4) continue;
    await createMeterReading(ctx.db, ctx.app.files, p.tenant.id, { readingDate: today, water: 100 + i, photos: [] });
    seeded++;
  }
  const slowest = async (url: string) => {
    let worst = 0;
    let bytes = 0;
    for (let run = 0; run < 3; run++) {
      const t = performance.now();
      const res = await ctx.app.inject({ method: "GET", url, headers });
      worst = Math.max(worst, performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes = res.rawPayload.length;
    }
    return { worst, bytes };
  };
  const page = await slowest(`/api/v1/staff/meter-campaigns/${started.id}`);
  const csv = await slowest(`/api/v1/staff/meter-campaigns/${started.id}/export`);

  // Every building's campaign, then the worker's round that decides every start mail.
  const afterStart = new Date(startMailDue(today).getTime() + 60_000);
  for (const buildingId of ctx.buildingIds) {
    await startMeterCampaign(ctx.db, { buildingId, meter: "heating", startsOn: today, endsOn: today }, ACTOR);
  }
  const t = performance.now();
  const mails = await dispatchCampaignMails(ctx.db, { company: "Bench", publicUrl: "http://bench" }, afterStart);
  const dispatch = performance.now() - t;

  const n = participants.length;
  return [
    [
      `Ablesung, ${n} Mieter (${seeded} gemeldet): Seite der Verwaltung`,
      `${ms(page.worst)} (${(page.bytes / 1024).toFixed(0)} KB)`,
      `< ${EXPORT_TARGET_MS / 1000} s`,
      mark(page.worst < EXPORT_TARGET_MS),
    ],
    [
      `Ablesung, ${n} Mieter: CSV-Export`,
      `${ms(csv.worst)} (${(csv.bytes / 1024).toFixed(0)} KB)`,
      `< ${EXPORT_TARGET_MS / 1000} s`,
      mark(csv.worst < EXPORT_TARGET_MS),
    ],
    [
      `Ablesung in allen ${ctx.buildingIds.length} Gebäuden: Start-E-Mails entscheiden`,
      `${ms(dispatch)} (${mails} E-Mails)`,
      `< ${DISPATCH_TARGET_MS / 1000} s`,
      mark(dispatch < DISPATCH_TARGET_MS),
    ],
  ];
}
