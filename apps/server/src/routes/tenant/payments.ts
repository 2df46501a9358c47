import { apiError, currentPaymentResponse } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findCurrentPayment } from "../../domain/ledger/payments.js";

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/payments/current",
    {
      schema: {
        tags: ["payments"],
        summary: "The earliest payment not paid yet (a pending one past its due date is overdue), else null",
        response: { 200: currentPaymentResponse, 401: apiError },
      },
    },
    async (request) => findCurrentPayment(request.db, request.auth.tenantId),
  );
};
