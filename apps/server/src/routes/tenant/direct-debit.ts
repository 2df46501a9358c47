import {
  apiError,
  giroCode,
  idParams,
  mandateChangeRequest,
  mandateChangeResponse,
  tenantDirectDebitResponse,
} from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { giroCodeFor, requestAccountChange, tenantDirectDebit } from "../../domain/sepa/tenant-view.js";
import { conflict, notFound } from "../../lib/errors.js";
import { mailContextOf } from "../../lib/mail-context.js";
import { germanDateOf } from "../../lib/time.js";
import { writeQuota } from "../../plugins/app/write-quotas.js";

/**
 * Rent by direct debit in the tenant app (issue 28): the mandate under Finanzen (IBAN masked), the
 * request to change the account (a conversation with the management: the Eingang), and the
 * GiroCode of an open or overdue charge, which banking apps read.
 */
export const directDebitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/finances/direct-debit",
    {
      schema: {
        tags: ["finances"],
        summary: "The tenant's SEPA mandate (IBAN masked), an open account-change request, how to change the account",
        response: { 200: tenantDirectDebitResponse, 401: apiError },
      },
    },
    async (request) => tenantDirectDebit(request.db, request.auth.tenantId),
  );

  app.post(
    "/finances/direct-debit/change-request",
    {
      preHandler: writeQuota("conversation"),
      schema: {
        tags: ["finances"],
        summary: "Ask to collect from another account: opens a conversation with the management (its Eingang)",
        body: mandateChangeRequest,
        response: { 201: mandateChangeResponse, 400: apiError, 401: apiError, 409: apiError, 422: apiError },
      },
    },
    async (request, reply) => {
      const threadId = await requestAccountChange(
        request.db,
        { tenantId: request.auth.tenantId, name: request.auth.displayName },
        request.body.note,
        mailContextOf(app),
      );
      return reply.code(201).send({
        thread_id: threadId,
        message:
          "Ihre Anfrage ist bei der Verwaltung. Sie erhalten dort ein neues SEPA-Lastschriftmandat zum Unterschreiben; bis es vorliegt, ziehen wir vom bisherigen Konto ein.",
      });
    },
  );

  app.get(
    "/payments/:id/girocode",
    {
      schema: {
        tags: ["payments"],
        summary: "The GiroCode (EPC QR code) of an open or overdue charge: payload and SVG",
        params: idParams,
        response: { 200: giroCode, 401: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) => {
      const code = await giroCodeFor(
        request.db,
        request.auth.tenantId,
        request.params.id,
        app.config.brand.bankAccount,
      );
      if (code === "not_found") throw notFound("Diese Zahlung ist nicht offen.");
      if (code === "no_account")
        throw conflict(
          "Für diese Zahlung ist kein Empfängerkonto hinterlegt. Bitte wenden Sie sich an Ihre Hausverwaltung.",
        );
      if ("collectedOn" in code)
        throw conflict(
          `Dieser Betrag wird am ${germanDateOf(code.collectedOn)} per Lastschrift eingezogen. Bitte überweisen Sie ihn nicht zusätzlich.`,
        );
      return code;
    },
  );
};
