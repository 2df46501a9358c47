import { apiError, financesQuery, financesResponse } from "@mieter-portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findFinances } from "../../domain/ledger/finances.js";
import { notFound } from "../../lib/errors.js";
import { berlinToday } from "../../lib/time.js";

export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/finances",
    {
      schema: {
        tags: ["finances"],
        summary: "Rent breakdown, the years with payments, one year's payments (default: this year) and open invoices",
        querystring: financesQuery,
        response: { 200: financesResponse, 400: apiError, 401: apiError, 404: apiError },
      },
    },
    async (request) => {
      const year = request.query.year ?? Number(berlinToday().slice(0, 4));
      const finances = await findFinances(request.db, request.auth.tenantId, year);
      if (!finances) throw notFound("Es gibt kein Mietverhältnis zu Ihrem Konto.");
      return finances;
    },
  );
};
