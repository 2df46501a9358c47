import { apiError, idParams } from "@mieter-portal/contracts";
import { meterRenewalRequest, staffMeterReading } from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptMeterReading,
  findStaffMeterReading,
  requestMeterRenewal,
} from "../../domain/meter-readings/staff-meter-readings.js";
import { conflict, notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor, mailContext, staffSignature } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/** Meter readings: Administrators and Verwalter (not Hausmeister). */
export const staffMeterReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireCapability("meter_readings"));

  /** The reading, or 404 when it does not exist or belongs to another building. */
  async function readingInScope(request: FastifyRequest, id: string) {
    const found = await findStaffMeterReading(app.db, id);
    if (!found) throw notFound();
    assertInScope(request, found.buildingId);
    return found.reading;
  }

  app.get(
    "/staff/meter-readings/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "A meter reading with the previous values, the lower-than-last flags, the review and photos",
        params: idParams,
        response: { 200: staffMeterReading, ...errors },
      },
    },
    async (request) => readingInScope(request, request.params.id),
  );

  app.post(
    "/staff/meter-readings/:id/accept",
    {
      schema: {
        tags: ["staff"],
        summary: "Accept the reading as it is (also a lower-than-last one): it leaves the inbox",
        params: idParams,
        response: { 200: staffMeterReading, ...errors },
      },
    },
    async (request) => {
      await readingInScope(request, request.params.id);
      await acceptMeterReading(app.db, request.params.id, auditActor(request));
      return readingInScope(request, request.params.id);
    },
  );

  app.post(
    "/staff/meter-readings/:id/request-renewal",
    {
      schema: {
        tags: ["staff"],
        summary: "Ask the tenant for a new reading: a new conversation with the message, mailed to the tenant",
        params: idParams,
        body: meterRenewalRequest,
        response: { 200: staffMeterReading, ...errors },
      },
    },
    async (request) => {
      await readingInScope(request, request.params.id);
      const result = await requestMeterRenewal(
        app.db,
        request.params.id,
        request.body.message,
        { ...auditActor(request), staffId: request.staff.id, signature: staffSignature(app, request) },
        mailContext(app),
      );
      if (result === "already_requested") {
        throw conflict("Um einen neuen Zählerstand wurde bereits gebeten.");
      }
      return readingInScope(request, request.params.id);
    },
  );
};
