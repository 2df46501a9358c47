import {
  apiError,
  type MeterKind,
  meterReading,
  meterReadingList,
  meterReadingSubmission,
  type PhotoUpload,
  pageQuery,
  readingDateProblem,
  tenantMeterCampaignList,
} from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listTenantCampaigns } from "../../domain/meter-readings/campaign-queries.js";
import { refuseUnconfirmedLower } from "../../domain/meter-readings/lower-reading-check.js";
import { createMeterReading, listMeterReadings } from "../../domain/meter-readings/meter-readings.js";
import { badRequest } from "../../lib/errors.js";
import { PHOTO_BODY_LIMIT } from "../../lib/limits.js";
import { mailContextOf } from "../../lib/mail-context.js";
import { PAGINATION_DESCRIPTION, pagedList, sendPage } from "../../lib/pagination.js";
import { berlinToday } from "../../lib/time.js";
import { type CheckedFile, checkPhoto } from "../../lib/uploads.js";
import { writeQuota } from "../../plugins/app/write-quotas.js";

const PHOTO_FIELDS: Record<MeterKind, "waterMeterPhoto" | "electricityMeterPhoto" | "heatingMeterPhoto"> = {
  water: "waterMeterPhoto",
  electricity: "electricityMeterPhoto",
  heating: "heatingMeterPhoto",
};
const PHOTO_NAMES: Record<MeterKind, string> = {
  water: "Wasserzaehler",
  electricity: "Stromzaehler",
  heating: "Heizungszaehler",
};

export const meterReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/meter-readings",
    {
      schema: {
        tags: ["meter-readings"],
        summary: "The tenant's meter readings, newest reading date first, with photo metadata",
        description: PAGINATION_DESCRIPTION,
        querystring: pageQuery,
        response: { 200: pagedList(meterReadingList), 400: apiError, 401: apiError },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listMeterReadings(request.db, request.auth.tenantId, request.query)),
  );

  app.post(
    "/meter-readings",
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      preHandler: writeQuota("meter_reading"),
      schema: {
        tags: ["meter-readings"],
        summary:
          "Submit meter readings (at least one value, dated from 12 months ago up to today) with optional photos as data URLs; a value lower than the tenant's last one of that meter needs confirmLower: true (else 400 reading_lower_unconfirmed)",
        body: meterReadingSubmission,
        response: { 201: meterReading, 400: apiError, 401: apiError, 409: apiError, 413: apiError, 422: apiError },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // From 12 months ago up to today in Berlin (decision 008).
      const dateProblem = readingDateProblem(body.readingDate, berlinToday());
      if (dateProblem) throw badRequest(dateProblem, { readingDate: dateProblem });
      await refuseUnconfirmedLower(request.db, request.auth.tenantId, body);
      // Every photo is decoded and checked before anything is stored.
      const photos: { meter: MeterKind; file: CheckedFile }[] = [];
      for (const meter of Object.keys(PHOTO_FIELDS) as MeterKind[]) {
        const field = PHOTO_FIELDS[meter];
        const upload: PhotoUpload | null | undefined = body.photos?.[field];
        if (upload) photos.push({ meter, file: await checkPhoto(upload, `photos.${field}`, PHOTO_NAMES[meter]) });
      }
      const created = await createMeterReading(
        request.db,
        app.files,
        request.auth.tenantId,
        {
          readingDate: body.readingDate,
          water: body.waterReading,
          electricity: body.electricityReading,
          heating: body.heatingReading,
          photos,
        },
        mailContextOf(app),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    "/meter-campaigns",
    {
      schema: {
        tags: ["meter-readings"],
        summary:
          "The meter reading campaigns that ask the tenant for a reading today (the dashboard card), with the tenant's status",
        response: { 200: tenantMeterCampaignList, 401: apiError },
      },
    },
    async (request) => listTenantCampaigns(request.db, request.auth.tenantId),
  );
};
