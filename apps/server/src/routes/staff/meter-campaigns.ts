import { apiError, idParams } from "@mieter-portal/contracts";
import {
  meterCampaignCreate,
  meterCampaignListQuery,
  meterCampaignRemindResult,
  staffMeterCampaignDetail,
  staffMeterCampaignPage,
} from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { campaignFileName, exportMeterCampaignCsv } from "../../domain/meter-readings/campaign-csv.js";
import { REMIND_PROBLEMS, remindOpenParticipants } from "../../domain/meter-readings/campaign-mailing.js";
import {
  campaignBuildingOf,
  findMeterCampaign,
  listMeterCampaigns,
} from "../../domain/meter-readings/campaign-queries.js";
import { START_PROBLEMS, startMeterCampaign } from "../../domain/meter-readings/meter-campaigns.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { contentDisposition } from "../../lib/uploads.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor, mailContext } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/**
 * Meter reading campaigns (issue 14 §5): Administrators and Verwalter (capability "meter_readings",
 * not Hausmeister) of the campaign's building. Another building's campaign answers 404. Accepting a
 * reading or sending it back uses the reading's own routes (/staff/meter-readings/:id/…).
 */
export const staffMeterCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireCapability("meter_readings"));

  /** 404 unless the campaign exists and is one of the staff member's buildings. */
  async function assertCampaignInScope(request: FastifyRequest, id: string) {
    const buildingId = await campaignBuildingOf(app.db, id);
    if (!buildingId) throw notFound();
    assertInScope(request, buildingId);
  }

  app.get(
    "/staff/meter-campaigns",
    {
      schema: {
        tags: ["staff"],
        summary: "Campaigns of my buildings (or one of them), newest period first; paginated by cursor",
        querystring: meterCampaignListQuery,
        response: { 200: staffMeterCampaignPage, ...errors },
      },
    },
    async (request) => {
      const { building_id, cursor, limit } = request.query;
      if (building_id) assertInScope(request, building_id);
      const page = await listMeterCampaigns(
        app.db,
        { allBuildings: request.staff.allBuildings, buildingIds: request.staff.buildingIds },
        { buildingId: building_id },
        { limit, cursor },
      );
      return { items: page.items, next_cursor: page.nextCursor };
    },
  );

  app.post(
    "/staff/meter-campaigns",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Start a campaign for a building and meter (default period 27 December – 3 January), or on demand for one tenant",
        body: meterCampaignCreate,
        response: { 201: staffMeterCampaignDetail, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertInScope(request, body.building_id);
      const result = await startMeterCampaign(
        app.db,
        {
          buildingId: body.building_id,
          meter: body.meter,
          startsOn: body.starts_on,
          endsOn: body.ends_on,
          tenantIds: body.tenant_id ? [body.tenant_id] : undefined,
          reason: body.reason,
        },
        auditActor(request),
      );
      if (!result.ok) {
        const message = START_PROBLEMS[result.problem];
        if (result.problem === "no_tenants") throw conflict(message);
        const field =
          result.problem === "building_not_found"
            ? "building_id"
            : result.problem === "tenant_not_in_building"
              ? "tenant_id"
              : "ends_on";
        throw badRequest(message, { [field]: message });
      }
      const detail = await findMeterCampaign(app.db, result.id);
      if (!detail) throw notFound();
      return reply.code(201).send(detail);
    },
  );

  app.get(
    "/staff/meter-campaigns/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "A campaign with every tenant asked: status, reading, lower-than-last flags and photos",
        params: idParams,
        response: { 200: staffMeterCampaignDetail, ...errors },
      },
    },
    async (request) => {
      await assertCampaignInScope(request, request.params.id);
      const detail = await findMeterCampaign(app.db, request.params.id);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.get(
    "/staff/meter-campaigns/:id/export",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The campaign as CSV for the utility billing (UTF-8 with BOM, semicolons; docs/meter-campaign-export.md)",
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      await assertCampaignInScope(request, request.params.id);
      const csv = await exportMeterCampaignCsv(app.db, request.params.id, app.config.publicUrl, auditActor(request));
      if (csv === undefined) throw notFound();
      const filename = await campaignFileName(app.db, request.params.id);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition("attachment", filename))
        .header("cache-control", "no-store")
        .send(csv as never);
    },
  );

  app.post(
    "/staff/meter-campaigns/:id/remind",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Offene jetzt erinnern: mails the reminder now to everyone who has not submitted (e-mail on); once per campaign and day, audited",
        params: idParams,
        response: { 200: meterCampaignRemindResult, ...errors },
      },
    },
    async (request) => {
      await assertCampaignInScope(request, request.params.id);
      const result = await remindOpenParticipants(app.db, mailContext(app), request.params.id, auditActor(request));
      if (!result.ok) {
        if (result.problem === "not_found") throw notFound();
        throw conflict(REMIND_PROBLEMS[result.problem]);
      }
      return { mailed: result.mailed, open: result.open };
    },
  );
};
