import { apiError, idParams, uuid } from "@mieter-portal/contracts";
import {
  SERVICE_REPORT_TEXTS,
  type ServiceReportRequest,
  serviceRating,
  serviceRatingRequest,
  serviceReport,
  serviceReportRequest,
  tenantRatableVisit,
} from "@mieter-portal/contracts/services";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ratableVisits, rateVisit } from "../../domain/services/ratings.js";
import {
  createServiceReport,
  findServiceReportPhoto,
  listServiceReports,
  type ReportRefusal,
} from "../../domain/services/reports.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { PHOTO_BODY_LIMIT } from "../../lib/limits.js";
import { mailContextOf } from "../../lib/mail-context.js";
import { sendStoredFile } from "../../lib/send-file.js";
import { checkPhotos } from "../../lib/uploads.js";
import { writeQuota } from "../../plugins/app/write-quotas.js";

const REFUSAL_FIELD: Record<ReportRefusal, keyof ServiceReportRequest | null> = {
  dateInFuture: "date",
  dateTooOld: "date",
  unknownService: "service_kind_id",
  noBuilding: null,
};

const tenantActor = (request: FastifyRequest) => ({
  staffId: null,
  name: request.auth.displayName,
  ip: request.ip,
  tenantId: request.auth.tenantId,
});

/**
 * A rating is recorded in the audit log without the tenant's name or address: staff read ratings
 * without names (decision 048), the log's readers included. The row itself keeps the tenant (one
 * rating per tenant and visit).
 */
const anonymousActor = (request: FastifyRequest) => ({
  staffId: null,
  name: "Ein Mieter",
  ip: null,
  tenantId: request.auth.tenantId,
});

const NOT_FINISHED = "Diesen Einsatz können Sie bewerten, sobald er erledigt ist.";

/**
 * What tenants say about the house's services (issue 27 §3, decision 048): "Leistung fehlt" (which
 * opens a conversation with the management, where the answer arrives) and a rating per finished
 * visit. Writes are sent once from the app's queue with their Idempotency-Key.
 */
export const serviceFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/services/reports",
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      preHandler: writeQuota("conversation"),
      schema: {
        tags: ["services"],
        summary:
          "Leistung fehlt: report a missed or poor service of the house (a service shown to tenants, a day of the last 30) with up to 3 photos; opens a conversation with the management",
        body: serviceReportRequest,
        response: { 201: serviceReport, 400: apiError, 401: apiError, 409: apiError, 413: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const { photos, ...fields } = request.body;
      const checked = await checkPhotos(photos, "Leistung-fehlt-Foto");
      const result = await createServiceReport(
        request.db,
        app.files,
        tenantActor(request),
        fields,
        checked,
        mailContextOf(app),
      );
      if (typeof result === "string") {
        const message = SERVICE_REPORT_TEXTS[result];
        const field = REFUSAL_FIELD[result];
        throw result === "noBuilding"
          ? conflict(message)
          : badRequest(message, field ? { [field]: message } : undefined);
      }
      return reply.code(201).send(result);
    },
  );

  app.get(
    "/services/reports",
    {
      schema: {
        tags: ["services"],
        summary: "The tenant's own service reports (Leistung fehlt), newest first, with the conversation of each",
        response: { 200: z.array(serviceReport), 401: apiError },
      },
    },
    async (request) => listServiceReports(request.db, { tenantId: request.auth.tenantId }),
  );

  app.get(
    "/service-report-photos/:id",
    {
      schema: {
        tags: ["services"],
        summary: "A photo of one of the tenant's own service reports",
        params: idParams,
        response: { 200: z.any().describe("The image bytes"), 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const photo = await findServiceReportPhoto(request.db, request.params.id);
      if (!photo || photo.tenant_id !== request.auth.tenantId) throw notFound();
      return sendStoredFile(app, request, reply, { ...photo, disposition: "inline" });
    },
  );

  app.get(
    "/services/visits",
    {
      schema: {
        tags: ["services"],
        summary:
          "The finished visits of the last 30 days of services shown to tenants in the tenant's house, with the tenant's own rating",
        response: { 200: z.array(tenantRatableVisit), 401: apiError },
      },
    },
    async (request) => ratableVisits(request.db, request.auth.tenantId),
  );

  app.post(
    "/services/visits/:visitId/rating",
    {
      schema: {
        tags: ["services"],
        summary:
          "Rate a finished visit (1–5 stars, optional comment up to 500 characters); one rating per tenant and visit, a second one changes it",
        params: z.object({ visitId: uuid }),
        body: serviceRatingRequest,
        response: {
          200: serviceRating,
          201: serviceRating,
          400: apiError,
          401: apiError,
          404: apiError,
          409: apiError,
        },
      },
    },
    async (request, reply) => {
      const result = await rateVisit(request.db, anonymousActor(request), request.params.visitId, request.body);
      if (result === "not_found") throw notFound();
      if (result === "not_finished") throw conflict(NOT_FINISHED);
      return reply.code(result.created ? 201 : 200).send(result.rating);
    },
  );
};
