import { apiError, idParams, uuid } from "@mieter-portal/contracts";
import {
  serviceRecord,
  serviceRecordCorrection,
  serviceRecordFinish,
  serviceRecordStart,
  serviceVisitsQuery,
  unplannedServiceRecord,
} from "@mieter-portal/contracts/services";
import { roleCan } from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type Crew,
  correctServiceRecord,
  findServiceRecord,
  findServiceRecordPhoto,
  finishServiceRecord,
  RECORD_REFUSALS,
  type RecordRefusal,
  serviceRecordBuilding,
  startServiceRecord,
} from "../../domain/services/records.js";
import { listUnplannedRecords } from "../../domain/services/unplanned-records.js";
import { badRequest, conflict, HttpError, notFound } from "../../lib/errors.js";
import { PHOTO_BODY_LIMIT } from "../../lib/limits.js";
import { sendStoredFile } from "../../lib/send-file.js";
import { checkPhotos } from "../../lib/uploads.js";
import { inScope } from "../../plugins/app/authenticate-staff.js";
import { assertInScope } from "./scope.js";
import { checkServicePeriod } from "./service-period.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 413: apiError };

/** Refusals that are a conflict with what is stored (409), the others are bad input (400) or not allowed (403). */
function refuse(refusal: RecordRefusal): HttpError {
  const message = RECORD_REFUSALS[refusal];
  switch (refusal) {
    case "idTaken":
    case "finished":
    case "notFinished":
      return conflict(message);
    case "notYours":
      return new HttpError(403, "forbidden", message);
    case "endsBeforeStart":
      return badRequest(message, { finished_at: message });
    case "unknownVisit":
      return badRequest(message, { visit_id: message });
    case "unknownService":
      return badRequest(message, { service_kind_id: message });
  }
}

function crewOf(request: FastifyRequest): Crew {
  if (!roleCan(request.staff.role, "service_visits")) throw new HttpError(403, "forbidden");
  return {
    staffId: request.staff.id,
    name: request.staff.name,
    ip: request.ip,
    firstName: request.staff.name.trim().split(/\s+/)[0] ?? request.staff.name,
  };
}

async function recordOrThrow(request: FastifyRequest, id: string) {
  const record = await findServiceRecord(request.db, id);
  if (!record) throw notFound();
  return record;
}

/**
 * The crew's records of an Einsatz (issue 27 §2): Beginn, Ende, correction, and reading one.
 * Hausmeister (and, with the crew app, Dienstleister) of the building; Administrators and Verwalter
 * read them and may correct. Each write is sent once from the device's queue with its Idempotency-Key.
 */
export const staffServiceRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/staff/service-records",
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags: ["staff"],
        summary:
          "Beginn of an Einsatz (planned or unplanned) with before-photos and an optional position fix, of which only the result is kept",
        body: serviceRecordStart,
        response: { 200: serviceRecord, 201: serviceRecord, ...errors },
      },
    },
    async (request, reply) => {
      const crew = crewOf(request);
      const photos = await checkPhotos(request.body.photos, "Vorher");
      const result = await startServiceRecord(request.db, app.files, crew, request.body, photos, (building) =>
        inScope(request.staff, building),
      );
      if (result === "out_of_scope") throw notFound();
      if (typeof result === "string") throw refuse(result);
      return reply.code(result.existing ? 200 : 201).send(await recordOrThrow(request, result.id));
    },
  );

  app.post(
    "/staff/service-records/:id/finish",
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags: ["staff"],
        summary:
          "Ende of an Einsatz: checklist, materials, conditions, remark, after-photos; the record is then sealed by its hash",
        params: idParams,
        body: serviceRecordFinish,
        response: { 200: serviceRecord, ...errors },
      },
    },
    async (request) => {
      const crew = crewOf(request);
      const building = await serviceRecordBuilding(request.db, request.params.id);
      if (!building) throw notFound();
      assertInScope(request, building);
      const photos = await checkPhotos(request.body.photos, "Nachher");
      const result = await finishServiceRecord(request.db, app.files, crew, request.params.id, request.body, photos);
      if (result === "not_found") throw notFound();
      if (result !== "ok") throw refuse(result);
      return recordOrThrow(request, request.params.id);
    },
  );

  app.post(
    "/staff/service-records/:id/corrections",
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags: ["staff"],
        summary: "Correct a finished record: a new sealed record pointing at the old one, which stays unchanged",
        params: idParams,
        body: serviceRecordCorrection,
        response: { 201: serviceRecord, ...errors },
      },
    },
    async (request, reply) => {
      const crew = crewOf(request);
      const building = await serviceRecordBuilding(request.db, request.params.id);
      if (!building) throw notFound();
      assertInScope(request, building);
      const photos = await checkPhotos(request.body.photos, "Korrektur");
      const result = await correctServiceRecord(request.db, app.files, crew, request.params.id, request.body, photos);
      if (result === "not_found") throw notFound();
      if (typeof result === "string") throw refuse(result);
      return reply.code(201).send(await recordOrThrow(request, result.id));
    },
  );

  app.get(
    "/staff/service-records",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The unplanned Einsätze begun in a period (Berlin dates, at most 366 days) in the buildings in scope, as the week overview shows them",
        querystring: serviceVisitsQuery,
        response: { 200: z.array(unplannedServiceRecord), ...errors },
      },
    },
    async (request) => {
      crewOf(request);
      const { building_id, from, until } = request.query;
      checkServicePeriod(from, until);
      if (building_id) assertInScope(request, building_id);
      return listUnplannedRecords(
        request.db,
        {
          buildingIds: request.staff.allBuildings ? "all" : request.staff.buildingIds,
          ...(building_id ? { buildingId: building_id } : {}),
        },
        from,
        until,
      );
    },
  );

  app.get(
    "/staff/service-records/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "One record of an Einsatz with its photos' hashes and its content hash",
        params: z.object({ id: uuid }),
        response: { 200: serviceRecord, ...errors },
      },
    },
    async (request) => {
      crewOf(request);
      const building = await serviceRecordBuilding(request.db, request.params.id);
      if (!building) throw notFound();
      assertInScope(request, building);
      return recordOrThrow(request, request.params.id);
    },
  );

  app.get(
    "/staff/service-records/:id/photos/:photoId",
    {
      schema: {
        tags: ["staff"],
        summary: "A before- or after-photo of an Einsatz, for those who may read the record",
        params: z.object({ id: uuid, photoId: uuid }),
        response: { 200: z.any().describe("The image bytes"), ...errors },
      },
    },
    async (request, reply) => {
      crewOf(request);
      const building = await serviceRecordBuilding(request.db, request.params.id);
      if (!building) throw notFound();
      assertInScope(request, building);
      const photo = await findServiceRecordPhoto(request.db, request.params.id, request.params.photoId);
      if (!photo) throw notFound();
      return sendStoredFile(app, request, reply, { ...photo, disposition: "inline" });
    },
  );
};
