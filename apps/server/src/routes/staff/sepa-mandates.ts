import { apiError, idParams } from "@mieter-portal/contracts";
import {
  sepaMandate,
  sepaMandateCreate,
  sepaMandatePage,
  sepaMandateRevoke,
  sepaMandatesQuery,
} from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { findTenancyBuilding } from "../../domain/ledger/staff-ledger.js";
import { mandateFormFor } from "../../domain/sepa/mandate-form.js";
import { createMandate, findMandate, listMandates, revokeMandate } from "../../domain/sepa/mandates.js";
import { badRequest, conflict, HttpError, notFound } from "../../lib/errors.js";
import { contentDisposition } from "../../lib/uploads.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
const tenancyParams = z.object({ tenancyId: z.uuid({ error: "Unbekanntes Mietverhältnis." }) });

/**
 * SEPA mandates (issue 28): Administrators and Verwalter of the tenancy's building record signed
 * mandates, revoke them and print the form to sign. Other buildings' mandates are 404.
 */
export const staffSepaMandateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", requireCapability("finances"));

  async function tenancyInScope(request: FastifyRequest, tenancyId: string) {
    const found = await findTenancyBuilding(app.db, tenancyId);
    if (!found) throw notFound("Dieses Mietverhältnis gibt es nicht.");
    assertInScope(request, found.buildingId);
  }
  async function mandateInScope(request: FastifyRequest, id: string) {
    const found = await findMandate(app.db, id);
    if (!found) throw notFound();
    assertInScope(request, found.buildingId);
    return found.mandate;
  }

  app.get(
    "/staff/sepa/mandates",
    {
      schema: {
        tags: ["staff"],
        summary: "SEPA mandates of my buildings (by building, tenancy or state), newest first",
        querystring: sepaMandatesQuery,
        response: { 200: sepaMandatePage, ...errors },
      },
    },
    async (request) => {
      if (request.query.building) assertInScope(request, request.query.building);
      if (request.query.tenancy) await tenancyInScope(request, request.query.tenancy);
      return listMandates(
        app.db,
        { allBuildings: request.staff.allBuildings, buildingIds: request.staff.buildingIds },
        request.query,
      );
    },
  );

  app.post(
    "/staff/sepa/mandates",
    {
      schema: {
        tags: ["staff"],
        summary: "Record a signed SEPA mandate of a tenancy (with replace: instead of its active one)",
        body: sepaMandateCreate,
        response: { 201: sepaMandate, ...errors },
      },
    },
    async (request, reply) => {
      await tenancyInScope(request, request.body.tenancy_id);
      const made = await createMandate(
        app.db,
        {
          tenancyId: request.body.tenancy_id,
          signedOn: request.body.signed_on,
          debtorName: request.body.debtor_name,
          iban: request.body.iban,
          bic: request.body.bic ?? null,
          replace: request.body.replace,
        },
        auditActor(request),
      );
      if ("error" in made) {
        switch (made.error) {
          case "fields":
            throw badRequest(Object.values(made.fields)[0], made.fields);
          case "no_tenancy":
            throw notFound("Dieses Mietverhältnis gibt es nicht.");
          case "no_creditor":
            throw new HttpError(
              422,
              "validation_failed",
              "Es fehlen die Gläubigerdaten (Gläubiger-ID und Konto). Ein Administrator trägt sie zuerst unter Lastschrift → Gläubigerdaten ein.",
            );
          case "active_exists":
            throw conflict(
              `Dieses Mietverhältnis hat schon ein aktives Mandat (${made.reference}). Soll das neue es ersetzen, bitte „Ersetzen“ wählen.`,
            );
        }
      }
      return reply.code(201).send(made);
    },
  );

  app.get(
    "/staff/sepa/mandates/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "One SEPA mandate",
        params: idParams,
        response: { 200: sepaMandate, ...errors },
      },
    },
    async (request) => mandateInScope(request, request.params.id),
  );

  app.post(
    "/staff/sepa/mandates/:id/revoke",
    {
      schema: {
        tags: ["staff"],
        summary: "Revoke an active SEPA mandate (the tenant revoked it, or it is no longer used)",
        params: idParams,
        body: sepaMandateRevoke,
        response: { 200: sepaMandate, ...errors },
      },
    },
    async (request) => {
      await mandateInScope(request, request.params.id);
      const result = await revokeMandate(app.db, request.params.id, request.body.reason, auditActor(request));
      if (result === "not_active") throw conflict("Dieses Mandat ist bereits widerrufen.");
      return result;
    },
  );

  const sendPdf = (reply: import("fastify").FastifyReply, pdf: { bytes: Uint8Array; fileName: string }) =>
    reply
      .header("content-type", "application/pdf")
      .header("content-disposition", contentDisposition("attachment", pdf.fileName))
      .header("cache-control", "no-store")
      .send(Buffer.from(pdf.bytes));

  app.get(
    "/staff/sepa/mandates/:id/form.pdf",
    {
      schema: {
        tags: ["staff"],
        summary: "The SEPA-Lastschriftmandat of a recorded mandate as PDF (creditor id, reference, debtor, IBAN)",
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const mandate = await mandateInScope(request, request.params.id);
      const pdf = await mandateFormFor(
        app.db,
        { tenancyId: mandate.tenancy_id, mandateId: mandate.id },
        app.config.brand.officeAddress,
      );
      if (pdf === "no_creditor") throw noCreditor();
      return sendPdf(reply, pdf);
    },
  );

  app.get(
    "/staff/sepa/tenancies/:tenancyId/mandate-form.pdf",
    {
      schema: {
        tags: ["staff"],
        summary: "A blank SEPA-Lastschriftmandat to sign, with the reference the tenancy's next mandate gets",
        params: tenancyParams,
        response: errors,
      },
    },
    async (request, reply) => {
      await tenancyInScope(request, request.params.tenancyId);
      const pdf = await mandateFormFor(app.db, { tenancyId: request.params.tenancyId }, app.config.brand.officeAddress);
      if (pdf === "no_creditor") throw noCreditor();
      return sendPdf(reply, pdf);
    },
  );
};

const noCreditor = () =>
  new HttpError(
    422,
    "validation_failed",
    "Es fehlen die Gläubigerdaten (Gläubiger-ID und Konto). Ein Administrator trägt sie zuerst unter Lastschrift → Gläubigerdaten ein.",
  );
