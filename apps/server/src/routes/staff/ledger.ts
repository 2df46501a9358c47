import { apiError, idParams } from "@mieter-portal/contracts";
import {
  csvLayoutParams,
  csvLayoutRequest,
  csvLayoutResponse,
  importPreview,
  importRequest,
  importResult,
  ledgerAccountPage,
  ledgerAccountsQuery,
  ledgerDetail,
  ledgerDetailQuery,
  overduePage,
  overdueQuery,
  recordPaymentRequest,
  reminderResponse,
  rentChangeRequest,
  STATEMENT_MAX_BYTES,
  unknownLayout,
  unmatchedAssignRequest,
  unmatchedPage,
  unmatchedQuery,
} from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { commitStatement, emptyPreview, previewStatement, saveCsvLayout } from "../../domain/ledger/bank-import.js";
import { sendReminder } from "../../domain/ledger/payment-reminders.js";
import { findLedger, findTenancyBuilding, listAccounts } from "../../domain/ledger/staff-ledger.js";
import {
  assignUnmatched,
  changeRent,
  findWaitingSuggestion,
  listOverdue,
  listUnmatched,
  recordManualPayment,
} from "../../domain/ledger/staff-ledger-work.js";
import { refreshStatisticsAfterImport } from "../../domain/statistics/statistics.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { centsToEuros, eurosToCents } from "../../lib/time.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { fromRequest, isUnknown, readStatementBody } from "./ledger-statements.js";
import { assertInScope, auditActor, mailContext } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const tenancyParams = z.object({ tenancyId: z.uuid({ error: "Unbekanntes Mietkonto." }) });

/**
 * The rent ledger (issue 14 §2): Administrators and Verwalter (capability "finances"; Hausmeister
 * have none) see and change the accounts of their buildings; other buildings' accounts are 404.
 * A bank statement covers every building: a line of an account in a building the importing person
 * does not look after is neither booked nor shown; it waits with that account suggested for
 * someone who does (decision 027). The unmatched lines wait for any staff member with the capability.
 */
export const staffLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is validated: a Hausmeister learns nothing about the ledger's inputs.
  app.addHook("preValidation", requireCapability("finances"));
  const scopeOf = (request: FastifyRequest) => ({
    allBuildings: request.staff.allBuildings,
    buildingIds: request.staff.buildingIds,
  });

  /** The tenancy's building, or 404 when the tenancy does not exist or is in another building. */
  async function tenancyInScope(request: FastifyRequest, tenancyId: string): Promise<string | null> {
    const found = await findTenancyBuilding(app.db, tenancyId);
    if (!found) throw notFound();
    assertInScope(request, found.buildingId);
    return found.buildingId;
  }

  async function ledgerOf(tenancyId: string, year: number | undefined) {
    const detail = await findLedger(app.db, tenancyId, year);
    if (!detail) throw notFound();
    return detail;
  }

  app.get(
    "/staff/ledger/accounts",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Rent accounts of my buildings by tenant name (search by name, e-mail, unit, reference); paginated by cursor",
        querystring: ledgerAccountsQuery,
        response: { 200: ledgerAccountPage, ...errors },
      },
    },
    async (request) => {
      if (request.query.building) assertInScope(request, request.query.building);
      return listAccounts(app.db, scopeOf(request), request.query);
    },
  );

  app.get(
    "/staff/ledger/accounts/:tenancyId",
    {
      schema: {
        tags: ["staff"],
        summary:
          "A tenancy's ledger for a year: charges with what is paid, payments with the match reason, rent changes",
        params: tenancyParams,
        querystring: ledgerDetailQuery,
        response: { 200: ledgerDetail, ...errors },
      },
    },
    async (request) => {
      await tenancyInScope(request, request.params.tenancyId);
      return ledgerOf(request.params.tenancyId, request.query.year);
    },
  );

  app.post(
    "/staff/ledger/accounts/:tenancyId/payments",
    {
      schema: {
        tags: ["staff"],
        summary: "Record a payment by hand: applied to the oldest open charges, the rest kept as credit",
        params: tenancyParams,
        body: recordPaymentRequest,
        response: { 201: ledgerDetail, ...errors },
      },
    },
    async (request, reply) => {
      const buildingId = await tenancyInScope(request, request.params.tenancyId);
      await recordManualPayment(
        app.db,
        request.params.tenancyId,
        { amountCents: eurosToCents(request.body.amount), bookedOn: request.body.booked_on, note: request.body.note },
        auditActor(request),
        buildingId,
      );
      return reply.code(201).send(await ledgerOf(request.params.tenancyId, Number(request.body.booked_on.slice(0, 4))));
    },
  );

  app.post(
    "/staff/ledger/accounts/:tenancyId/rent-changes",
    {
      schema: {
        tags: ["staff"],
        summary: "A new rent from the first of a month; charges not paid at all yet from then on follow it",
        params: tenancyParams,
        body: rentChangeRequest,
        response: { 201: ledgerDetail, ...errors },
      },
    },
    async (request, reply) => {
      const buildingId = await tenancyInScope(request, request.params.tenancyId);
      await changeRent(
        app.db,
        request.params.tenancyId,
        {
          effectiveFrom: request.body.effective_from,
          baseRentCents: eurosToCents(request.body.base_rent),
          utilitiesCents: eurosToCents(request.body.utilities),
        },
        auditActor(request),
        buildingId,
      );
      return reply.code(201).send(await ledgerOf(request.params.tenancyId, undefined));
    },
  );

  app.post(
    "/staff/ledger/accounts/:tenancyId/reminders",
    {
      schema: {
        tags: ["staff"],
        summary: "Send the tenant a factual payment reminder by e-mail listing the overdue charges",
        params: tenancyParams,
        response: { 201: reminderResponse, ...errors },
      },
    },
    async (request, reply) => {
      await tenancyInScope(request, request.params.tenancyId);
      const sent = await sendReminder(
        app.db,
        request.params.tenancyId,
        mailContext(app),
        auditActor(request),
        app.config.brand.bankAccount,
      );
      if (sent === "nothing_overdue") throw conflict("Für dieses Mietkonto ist nichts überfällig.");
      return reply.code(201).send({
        sent_to: sent.sentTo,
        overdue: centsToEuros(sent.overdueCents),
        last_reminder_at: sent.at,
        pay_by: sent.payBy,
      });
    },
  );

  app.get(
    "/staff/ledger/overdue",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Tenancies of my buildings with overdue charges (amount, days), longest overdue first; paginated by cursor",
        querystring: overdueQuery,
        response: { 200: overduePage, ...errors },
      },
    },
    async (request) => {
      if (request.query.building) assertInScope(request, request.query.building);
      return listOverdue(app.db, scopeOf(request), request.query);
    },
  );

  app.post(
    "/staff/ledger/imports/preview",
    {
      bodyLimit: STATEMENT_MAX_BYTES + 1024 * 1024,
      schema: {
        tags: ["staff"],
        summary:
          "Read a bank statement (CSV or CAMT.053) and show per line how it would be matched; writes nothing. A CSV layout nobody mapped yet: no lines, mapping_needed with its header and first rows",
        body: importRequest,
        response: { 200: importPreview, ...errors },
      },
    },
    async (request, reply) => {
      const read = await readStatementBody(app, request.body);
      if (isUnknown(read)) {
        const { error: _, message: __, ...mapping_needed } = read;
        return reply.send({ ...emptyPreview(), mapping_needed });
      }
      return previewStatement(app.db, read, scopeOf(request), {
        ...(request.body.book_anyway ? { bookAnyway: request.body.book_anyway } : {}),
      });
    },
  );

  app.post(
    "/staff/ledger/imports",
    {
      bodyLimit: STATEMENT_MAX_BYTES + 1024 * 1024,
      schema: {
        tags: ["staff"],
        summary:
          "Book a bank statement: matched lines to their accounts, the rest to the unmatched list; lines booked before are skipped",
        body: importRequest,
        response: { 201: importResult, 422: unknownLayout, ...errors },
      },
    },
    async (request, reply) => {
      const read = await readStatementBody(app, request.body);
      if (isUnknown(read)) return reply.code(422).send(read);
      const result = await commitStatement(
        app.db,
        {
          ...read,
          filename: request.body.filename,
          ...(request.body.book_anyway ? { bookAnyway: request.body.book_anyway } : {}),
          mail: mailContext(app),
        },
        scopeOf(request),
        auditActor(request),
      );
      await refreshStatisticsAfterImport(app.db);
      return reply.code(201).send(result);
    },
  );

  app.put(
    "/staff/ledger/csv-layouts/:signature",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Remember the column mapping of a CSV layout (by its header's signature, from the 422 of a preview); applied to every later file of that layout",
        params: csvLayoutParams,
        body: csvLayoutRequest,
        response: { 200: csvLayoutResponse, ...errors },
      },
    },
    async (request) => {
      const savedAt = await saveCsvLayout(
        app.db,
        request.params.signature,
        fromRequest(request.body.mapping),
        auditActor(request),
      );
      return { signature: request.params.signature, saved_at: savedAt };
    },
  );

  app.get(
    "/staff/ledger/unmatched",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Statement lines waiting for a person (unmatched; or matched to an account of my buildings by someone who does not look after it), oldest first; paginated by cursor",
        querystring: unmatchedQuery,
        response: { 200: unmatchedPage, ...errors },
      },
    },
    async (request) => listUnmatched(app.db, scopeOf(request), request.query),
  );

  app.post(
    "/staff/ledger/unmatched/:id/assign",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Give a waiting line to a rent account of my buildings, or split it into parts (summing exactly to the line) of such accounts; applied to the open charges",
        params: idParams,
        body: unmatchedAssignRequest,
        response: { 200: ledgerDetail, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      // A line matched to another building's account waits for who looks after that building.
      const waiting = await findWaitingSuggestion(app.db, request.params.id);
      if (waiting?.suggested) assertInScope(request, waiting.suggestedBuildingId);
      const wanted = body.parts
        ? body.parts.map((p) => ({ tenancyId: p.tenancy_id, amountCents: eurosToCents(p.amount) as number | null }))
        : [{ tenancyId: body.tenancy_id!, amountCents: null }];
      const parts = [];
      for (const p of wanted) parts.push({ ...p, buildingId: await tenancyInScope(request, p.tenancyId) });
      const done = await assignUnmatched(app.db, request.params.id, parts, auditActor(request));
      if (done === "gone") throw notFound("Diese Buchung wartet nicht (mehr) auf eine Zuordnung.");
      if (done === "sum") {
        const message =
          "Die Teilbeträge müssen zusammen genau den Betrag der Buchung ergeben. Bitte korrigieren Sie die Teile.";
        throw badRequest(message, { parts: message });
      }
      return ledgerOf(parts[0]!.tenancyId, undefined);
    },
  );
};
