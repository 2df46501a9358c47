import { apiError, idParams } from "@mieter-portal/contracts";
import { sepaFeeRequest, sepaReturn, sepaReturnPage, sepaReturnsQuery } from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { decideFee, findReturn, listReturns } from "../../domain/sepa/returns.js";
import { conflict, notFound } from "../../lib/errors.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/**
 * Returned direct debits (issue 28): read from imported bank statements; the manager decides on the
 * bank's fee. Administrators and Verwalter of the building.
 */
export const staffSepaReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", requireCapability("finances"));

  app.get(
    "/staff/sepa/returns",
    {
      schema: {
        tags: ["staff"],
        summary: "Returned direct debits of my buildings (fee_open=true: their fee waits for a decision), newest first",
        querystring: sepaReturnsQuery,
        response: { 200: sepaReturnPage, ...errors },
      },
    },
    async (request) => {
      if (request.query.building) assertInScope(request, request.query.building);
      return listReturns(
        app.db,
        { allBuildings: request.staff.allBuildings, buildingIds: request.staff.buildingIds },
        request.query,
      );
    },
  );

  app.post(
    "/staff/sepa/returns/:id/fee",
    {
      schema: {
        tags: ["staff"],
        summary: "Pass the bank's return fee on to the tenant (a charge of its own) or bear it",
        params: idParams,
        body: sepaFeeRequest,
        response: { 200: sepaReturn, ...errors },
      },
    },
    async (request) => {
      const found = await findReturn(app.db, request.params.id);
      if (!found) throw notFound();
      assertInScope(request, found.buildingId);
      const result = await decideFee(app.db, request.params.id, request.body.pass_on, auditActor(request));
      if (result === "decided")
        throw conflict(
          found.ret.fee_decision === "none"
            ? "Für diese Rücklastschrift hat die Bank keine Gebühr berechnet."
            : "Über diese Gebühr ist schon entschieden.",
        );
      return (await findReturn(app.db, request.params.id))!.ret;
    },
  );
};
