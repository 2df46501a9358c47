import { apiError, idParams } from "@mieter-portal/contracts";
import {
  staffNoticeCreateRequest,
  staffNoticeDetail,
  staffNoticePage,
  staffNoticeRecipients,
  staffNoticeRecipientsQuery,
  staffNoticesQuery,
  staffNoticeUpdateRequest,
} from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findNoticeBuilding, findStaffNotice, listStaffNotices } from "../../domain/notices/notice-queries.js";
import {
  countEmergencyRecipients,
  createNotice,
  endNotice,
  type NoticeRefusal,
  updateNotice,
} from "../../domain/notices/notices.js";
import { buildingsExist } from "../../domain/staff/buildings.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor, mailContext } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

export const GENERAL_NOTICE_FORBIDDEN = "Aushänge für alle Gebäude veröffentlicht und ändert die Administration.";
const UNKNOWN_BUILDING = "Unbekanntes Gebäude.";

const refuse = (refusal: NoticeRefusal) => badRequest(refusal.message, { [refusal.field]: refusal.message });

/**
 * Notices (Aushänge, issue 14 §4): every staff member reads those of their buildings and those for
 * all buildings; Administrators and Verwalter write them (capability "notices"); a notice for all
 * buildings only Administrators. Other buildings' notices answer 404.
 */
export const staffNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = (request: FastifyRequest) => ({
    allBuildings: request.staff.allBuildings,
    buildingIds: request.staff.buildingIds,
  });

  /** The notice as the staff member sees it, or 404 when it does not exist or is another building's. */
  async function noticeInScope(request: FastifyRequest, id: string) {
    const found = await findStaffNotice(app.db, id, scopeOf(request));
    if (!found) throw notFound();
    if (found.buildingId !== null) assertInScope(request, found.buildingId);
    return found.notice;
  }

  /** 404 for another building's notice, 403 for a general one unless an Administrator. */
  async function assertMayChange(request: FastifyRequest, id: string) {
    const found = await findNoticeBuilding(app.db, id);
    if (!found) throw notFound();
    if (found.buildingId === null) {
      if (!request.staff.allBuildings) throw forbidden("forbidden", GENERAL_NOTICE_FORBIDDEN);
    } else {
      assertInScope(request, found.buildingId);
    }
  }

  app.get(
    "/staff/notices",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Notices of my buildings and those for all buildings, newest first; filter by building (or 'all' for the general ones) and status; paginated by cursor",
        querystring: staffNoticesQuery,
        response: { 200: staffNoticePage, ...errors },
      },
    },
    async (request) => {
      const { building } = request.query;
      if (building && building !== "all") assertInScope(request, building);
      return listStaffNotices(app.db, scopeOf(request), request.query);
    },
  );

  app.get(
    "/staff/notices/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "A notice with the tenants who answered 'Betrifft mich auch' (of my buildings)",
        params: idParams,
        response: { 200: staffNoticeDetail, ...errors },
      },
    },
    async (request) => noticeInScope(request, request.params.id),
  );

  app.get(
    "/staff/notices/recipients",
    {
      preHandler: requireCapability("notices"),
      schema: {
        tags: ["staff"],
        summary:
          "How many tenants an emergency notice for a building (or 'all', Administrators) would mail now: asked before publishing",
        querystring: staffNoticeRecipientsQuery,
        response: { 200: staffNoticeRecipients, ...errors },
      },
    },
    async (request) => {
      const { building } = request.query;
      if (building === "all") {
        if (!request.staff.allBuildings) throw forbidden("forbidden", GENERAL_NOTICE_FORBIDDEN);
      } else {
        assertInScope(request, building);
      }
      return { recipients: await countEmergencyRecipients(app.db, building === "all" ? null : building) };
    },
  );

  app.post(
    "/staff/notices",
    {
      preHandler: requireCapability("notices"),
      schema: {
        tags: ["staff"],
        summary:
          "Publish a notice to one building or (building_id null, Administrators) to all; an emergency notice needs its outage window (outage_from, outage_until) and is mailed to the tenants at once",
        body: staffNoticeCreateRequest,
        response: { 201: staffNoticeDetail, ...errors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (body.building_id === null) {
        if (!request.staff.allBuildings) throw forbidden("forbidden", GENERAL_NOTICE_FORBIDDEN);
      } else {
        assertInScope(request, body.building_id);
        if (!(await buildingsExist(app.db, [body.building_id]))) {
          throw badRequest(UNKNOWN_BUILDING, { building_id: UNKNOWN_BUILDING });
        }
      }
      const created = await createNotice(
        app.db,
        {
          buildingId: body.building_id,
          title: body.title,
          text: body.text,
          kind: body.kind,
          emergencyType: body.emergency_type,
          validFrom: body.valid_from,
          validUntil: body.valid_until,
          outageFrom: body.outage_from,
          outageUntil: body.outage_until,
        },
        auditActor(request),
        mailContext(app),
      );
      if (typeof created !== "string") throw refuse(created);
      return reply.code(201).send(await noticeInScope(request, created));
    },
  );

  app.patch(
    "/staff/notices/:id",
    {
      preHandler: requireCapability("notices"),
      schema: {
        tags: ["staff"],
        summary:
          "Change a notice (only the fields given; the building stays); one that becomes an emergency is mailed then, once",
        params: idParams,
        body: staffNoticeUpdateRequest,
        response: { 200: staffNoticeDetail, ...errors },
      },
    },
    async (request) => {
      await assertMayChange(request, request.params.id);
      const result = await updateNotice(app.db, request.params.id, request.body, auditActor(request), mailContext(app));
      if (result === "not_found") throw notFound();
      if (result !== "ok") throw refuse(result);
      return noticeInScope(request, request.params.id);
    },
  );

  app.post(
    "/staff/notices/:id/end",
    {
      preHandler: requireCapability("notices"),
      schema: {
        tags: ["staff"],
        summary: "End a notice early: valid until now (tenants no longer see it)",
        params: idParams,
        response: { 200: staffNoticeDetail, ...errors },
      },
    },
    async (request) => {
      await assertMayChange(request, request.params.id);
      const result = await endNotice(app.db, request.params.id, auditActor(request));
      if (result === "not_found") throw notFound();
      if (result === "already_ended") throw conflict("Der Aushang ist bereits beendet.");
      return noticeInScope(request, request.params.id);
    },
  );
};
