import { apiError, idParams } from "@mieter-portal/contracts";
import { BETRKV_CATEGORY_LABELS, serviceProofQuery, winterLogQuery } from "@mieter-portal/contracts/services";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../../domain/audit/audit.js";
import { serviceProof } from "../../domain/services/proof.js";
import { serviceProofCsv } from "../../domain/services/proof-csv.js";
import { proofFileName, serviceProofPdf } from "../../domain/services/proof-pdf.js";
import { winterLog, winterLogPdf } from "../../domain/services/winter-log.js";
import { notFound } from "../../lib/errors.js";
import { contentDisposition } from "../../lib/uploads.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** Every download is in the audit log: which document, which period. */
async function audited(
  app: FastifyInstance,
  request: FastifyRequest,
  buildingId: string,
  title: string,
  from: string,
  until: string,
) {
  await recordAudit(app.db, auditActor(request), {
    action: "service_proof.downloaded",
    entityType: "building",
    entityId: buildingId,
    buildingId,
    after: { title, start_date: from, end_date: until },
  });
}

const send = (reply: FastifyReply, type: string, filename: string, body: Buffer | string) =>
  reply
    .type(type)
    .header("cache-control", "no-store")
    .header("content-disposition", contentDisposition("attachment", filename))
    .send(body);

/**
 * The proof documents of the house services (issue 27 §4, decision 049): the Leistungsnachweis
 * (PDF, CSV) and the Räum- und Streuprotokoll (PDF) of a building. Administrators and Verwalter of
 * the building (capability service_plans); another building is 404.
 */
export const staffServiceProofRoutes: FastifyPluginAsyncZod = async (app) => {
  const proofOf = async (request: FastifyRequest, id: string, query: z.infer<typeof serviceProofQuery>) => {
    assertInScope(request, id);
    const proof = await serviceProof(app.db, id, query);
    if (!proof) throw notFound();
    return proof;
  };
  const describe = (query: z.infer<typeof serviceProofQuery>, format: string) =>
    `Leistungsnachweis (${format}), ${query.category ? BETRKV_CATEGORY_LABELS[query.category] : "alle Leistungen"}`;

  app.get(
    "/staff/buildings/:id/service-proof.pdf",
    {
      preHandler: requireCapability("service_plans"),
      schema: {
        tags: ["staff"],
        summary:
          "Leistungsnachweis of a building as PDF (German, A4): every Einsatz of the period (at most 366 days) with times, crew, checklist, photos, hash; missed visits; totals per service and umlagefähig or not",
        params: idParams,
        querystring: serviceProofQuery,
        response: { 200: z.any().describe("application/pdf"), ...errors },
      },
    },
    async (request, reply) => {
      const proof = await proofOf(request, request.params.id, request.query);
      const pdf = await serviceProofPdf(proof, app.config.brand.companyName);
      await audited(app, request, proof.building.id, describe(request.query, "PDF"), proof.from, proof.until);
      const name = proofFileName("leistungsnachweis", proof.building.address, [proof.from, proof.until], "pdf");
      return send(reply, "application/pdf", name, Buffer.from(pdf));
    },
  );

  app.get(
    "/staff/buildings/:id/service-proof.csv",
    {
      preHandler: requireCapability("service_plans"),
      schema: {
        tags: ["staff"],
        summary:
          "Leistungsnachweis of a building as CSV for German Excel (UTF-8 with BOM, semicolons, formula-safe cells): one line per Einsatz with full content hash",
        params: idParams,
        querystring: serviceProofQuery,
        response: { 200: z.any().describe("text/csv"), ...errors },
      },
    },
    async (request, reply) => {
      const proof = await proofOf(request, request.params.id, request.query);
      const csv = serviceProofCsv(proof);
      await audited(app, request, proof.building.id, describe(request.query, "CSV"), proof.from, proof.until);
      const name = proofFileName("leistungsnachweis", proof.building.address, [proof.from, proof.until], "csv");
      return send(reply, "text/csv; charset=utf-8", name, csv);
    },
  );

  app.get(
    "/staff/buildings/:id/winter-log.pdf",
    {
      preHandler: requireCapability("service_plans"),
      schema: {
        tags: ["staff"],
        summary:
          "Räum- und Streuprotokoll of a building for the winter starting in `season` (1 November–31 March, or the Winterdienst plan's season) as PDF: every Einsatz, and each day without one",
        params: idParams,
        querystring: winterLogQuery,
        response: { 200: z.any().describe("application/pdf"), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      assertInScope(request, id);
      const log = await winterLog(app.db, id, request.query.season);
      if (!log) throw notFound();
      const pdf = await winterLogPdf(log, app.config.brand.companyName);
      await audited(
        app,
        request,
        id,
        `Räum- und Streuprotokoll (PDF), Winter ${log.season}/${log.season + 1}`,
        log.from,
        log.until,
      );
      const name = proofFileName("streuprotokoll", log.proof.building.address, [String(log.season)], "pdf");
      return send(reply, "application/pdf", name, Buffer.from(pdf));
    },
  );
};
