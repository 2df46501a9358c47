import { apiError, idParams } from "@mieter-portal/contracts";
import {
  type SepaRunRequest,
  sepaCreditorRequest,
  sepaCreditorResponse,
  sepaCreditorSettings,
  sepaRunCancel,
  sepaRunDetail,
  sepaRunPage,
  sepaRunPreview,
  sepaRunRequest,
  sepaRunsQuery,
} from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { creditorProblems, readCreditorSettings, saveCreditorSettings } from "../../domain/sepa/creditor.js";
import { planRun, toPreview } from "../../domain/sepa/run-preview.js";
import { findRun, listRuns, runBuildings, runXml } from "../../domain/sepa/run-reads.js";
import { cancelRun, createRun, markDownloaded } from "../../domain/sepa/runs.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../lib/errors.js";
import { berlinToday, germanDateOf } from "../../lib/time.js";
import { contentDisposition } from "../../lib/uploads.js";
import { inScope, requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor, mailContext } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };

const unprocessable = (message: string) => new HttpError(422, "validation_failed", message);

/**
 * Rent by SEPA direct debit (issue 28, decision 053): the creditor settings (read by those who run
 * collections, changed by Administrators only) and the collection runs of the buildings a person
 * looks after. Capability "finances": Hausmeister and Dienstleister are refused before validation.
 */
export const staffSepaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", requireCapability("finances"));
  const scopeOf = (request: FastifyRequest) => ({
    allBuildings: request.staff.allBuildings,
    buildingIds: request.staff.buildingIds,
  });

  /** 404 unless every tenancy of the run is in one of the person's buildings. */
  async function runInScope(request: FastifyRequest, runId: string) {
    const buildings = await runBuildings(app.db, runId);
    if (buildings.length === 0 || !buildings.every((b) => inScope(request.staff, b))) throw notFound();
  }

  app.get(
    "/staff/sepa/creditor",
    {
      schema: {
        tags: ["staff"],
        summary: "The company's creditor settings (Gläubiger-ID, collecting account, lead time); null until entered",
        response: { 200: sepaCreditorResponse, ...errors },
      },
    },
    async () => ({ settings: await readCreditorSettings(app.db) }),
  );

  app.put(
    "/staff/sepa/creditor",
    {
      preValidation: async (request) => {
        if (request.staff.role !== "administrator")
          throw forbidden("forbidden", "Die Gläubigerdaten ändern nur Administratoren.");
      },
      schema: {
        tags: ["staff"],
        summary: "Administrators: set the creditor settings (Gläubiger-ID checked by its check digits, IBAN, BIC)",
        body: sepaCreditorRequest,
        response: { 200: sepaCreditorSettings, ...errors },
      },
    },
    async (request) => {
      const input = {
        creditorId: request.body.creditor_id,
        name: request.body.name,
        iban: request.body.iban,
        bic: request.body.bic ?? null,
        leadDays: request.body.lead_days,
        prenoticeDays: request.body.prenotice_days,
      };
      const fields = creditorProblems(input);
      if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields)[0], fields);
      await saveCreditorSettings(app.db, input, auditActor(request));
      return (await readCreditorSettings(app.db))!;
    },
  );

  const requestOf = (request: FastifyRequest, body: SepaRunRequest) => {
    if (body.building_id) assertInScope(request, body.building_id);
    return { month: body.month, buildingId: body.building_id, collectionDate: body.collection_date };
  };

  app.post(
    "/staff/sepa/runs/preview",
    {
      schema: {
        tags: ["staff"],
        summary: "Preview a collection run: the month's due charges of tenancies paying by direct debit, with problems",
        body: sepaRunRequest,
        response: { 200: sepaRunPreview, ...errors },
      },
    },
    async (request) => {
      const run = requestOf(request, request.body);
      const plan = await planRun(app.db, run, scopeOf(request), berlinToday());
      return toPreview(run, plan, request.body.charge_ids);
    },
  );

  app.post(
    "/staff/sepa/runs",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Create the run's pain.008 file; the charges become 'Lastschrift eingereicht', tenants get the pre-notification",
        body: sepaRunRequest,
        response: { 201: sepaRunDetail, ...errors },
      },
    },
    async (request, reply) => {
      const run = requestOf(request, request.body);
      const made = await createRun(
        app.db,
        { ...run, chargeIds: request.body.charge_ids },
        scopeOf(request),
        auditActor(request),
        mailContext(app),
        berlinToday(),
      );
      if ("error" in made) {
        switch (made.error) {
          case "problems":
            throw unprocessable(`Der Einzug kann so nicht angelegt werden: ${made.problems.join(" ")}`);
          case "nothing":
            throw unprocessable(
              "In diesem Monat gibt es keine fällige Miete ohne Problem einzuziehen. Bitte die Vorschau ansehen.",
            );
          case "held":
            throw conflict(`Diese Forderungen können nicht eingezogen werden: ${made.charges.join(" · ")}`);
          case "taken":
            throw conflict(
              "Eine der Forderungen ist inzwischen in einem anderen Einzug (gleichzeitig angelegt). Bitte die Vorschau neu laden.",
            );
        }
      }
      return reply.code(201).send((await findRun(app.db, made.runId))!);
    },
  );

  app.get(
    "/staff/sepa/runs",
    {
      schema: {
        tags: ["staff"],
        summary: "Collection runs of my buildings, newest first",
        querystring: sepaRunsQuery,
        response: { 200: sepaRunPage, ...errors },
      },
    },
    async (request) => {
      if (request.query.building) assertInScope(request, request.query.building);
      return listRuns(app.db, scopeOf(request), request.query);
    },
  );

  app.get(
    "/staff/sepa/runs/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "A collection run with its debits and their state",
        params: idParams,
        response: { 200: sepaRunDetail, ...errors },
      },
    },
    async (request) => {
      await runInScope(request, request.params.id);
      const run = await findRun(app.db, request.params.id);
      if (!run) throw notFound();
      return run;
    },
  );

  app.get(
    "/staff/sepa/runs/:id/file",
    {
      schema: {
        tags: ["staff"],
        summary: "Download the run's pain.008.001.08 file (marks the run downloaded)",
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      await runInScope(request, request.params.id);
      const run = await findRun(app.db, request.params.id);
      if (!run) throw notFound();
      if (run.state === "cancelled")
        throw conflict("Dieser Einzug ist storniert; seine Datei kann nicht mehr heruntergeladen werden.");
      const file = (await runXml(app.db, request.params.id))!;
      const marked = await markDownloaded(app.db, request.params.id, auditActor(request), berlinToday());
      if (marked !== "ok" && marked.error === "revoked")
        throw conflict(
          `${marked.references.length > 1 ? "Die Mandate" : "Das Mandat"} ${marked.references.join(", ")} ${marked.references.length > 1 ? "wurden" : "wurde"} nach dem Anlegen des Einzugs widerrufen oder ersetzt; ohne gültiges Mandat darf nicht eingezogen werden. Bitte stornieren Sie diesen Einzug und legen Sie einen neuen an.`,
        );
      if (marked !== "ok")
        throw conflict(
          `Für das Einzugsdatum ${germanDateOf(run.collection_date)} ist es zu spät: Die Bank braucht die Datei vorher, heute eingereicht frühestens zum ${germanDateOf(marked.earliest)}. Bitte stornieren Sie diesen Einzug und legen Sie einen neuen mit einem späteren Datum an.`,
        );
      return reply
        .header("content-type", "application/xml; charset=utf-8")
        .header("content-disposition", contentDisposition("attachment", file.fileName))
        .header("cache-control", "no-store")
        .send(file.xml as never);
    },
  );

  app.post(
    "/staff/sepa/runs/:id/cancel",
    {
      schema: {
        tags: ["staff"],
        summary: "Cancel a run before its file is at the bank; its charges are free for another run",
        params: idParams,
        body: sepaRunCancel,
        response: { 200: sepaRunDetail, ...errors },
      },
    },
    async (request) => {
      await runInScope(request, request.params.id);
      const result = await cancelRun(
        app.db,
        request.params.id,
        request.body.not_submitted === true,
        auditActor(request),
      );
      switch (result) {
        case "not_found":
          throw notFound();
        case "cancelled":
          throw conflict("Dieser Einzug ist bereits storniert.");
        case "downloaded":
          throw conflict(
            "Die Datei wurde schon heruntergeladen und liegt vielleicht bei der Bank. Stornieren Sie nur, wenn Sie sicher sind, dass sie nicht eingereicht wurde (bitte bestätigen); sonst widerrufen Sie den Auftrag bei Ihrer Bank.",
          );
        case "settled":
          throw conflict(
            "Aus diesem Einzug ist schon Geld eingegangen oder zurückgekommen; er kann nicht mehr storniert werden.",
          );
      }
      return (await findRun(app.db, request.params.id))!;
    },
  );
};
