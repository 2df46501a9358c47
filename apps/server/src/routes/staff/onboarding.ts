import { apiError, idParams } from "@mieter-portal/contracts";
import {
  LETTERS_COUNT_HEADER,
  LETTERS_SKIPPED_HEADER,
  staffInvitationBulkRequest,
  staffInvitationBulkResult,
  staffInvitationLettersRequest,
  staffTenancyEndRequest,
  staffTenancyEndResult,
  staffTenantContactUpdate,
  staffTenantCreateRequest,
  tenantImportPreview,
  tenantImportRequest,
  tenantImportResult,
  tenantInvitationState,
} from "@mieter-portal/contracts/staff";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { refreshStatisticsAfterImport } from "../../domain/statistics/statistics.js";
import {
  type PlannedLetter,
  planLetterInvitation,
  recordLetterInvitations,
} from "../../domain/tenants/invitation-letters.js";
import { findInvitationState, issueInvitation } from "../../domain/tenants/invitations.js";
import { endCurrentTenancy, findTenantContact, updateTenantContact } from "../../domain/tenants/tenant-contact.js";
import { importTenants, previewTenantImport } from "../../domain/tenants/tenant-import.js";
import { createOnboardedTenant, type OnboardingResult } from "../../domain/tenants/tenant-onboarding.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { invitationLettersPdf } from "../../lib/invitation-letter.js";
import { berlinToday, eurosToCents, germanDateOf } from "../../lib/time.js";
import { contentDisposition } from "../../lib/uploads.js";
import { inScope, requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor, mailContext } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
/** The CSV travels as JSON text: up to 2 MB of file (tenantImportRequest) with room for escaping. */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

/** The repository's answer as the API's: 404, 409 or 400 with the field's German message. */
function unwrap<T>(result: OnboardingResult<T>): T {
  if (result.kind === "ok") return result.value;
  if (result.kind === "not_found") throw notFound();
  if (result.kind === "conflict") throw conflict(result.message);
  throw badRequest(result.message, { [result.field]: result.message });
}

/**
 * Tenancies and onboarding (issue 14 §1): Administrators and Verwalter, each for the tenants of
 * their buildings (others' tenants are 404). Every write is audited by the repository.
 */
export const staffOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireCapability("tenancies"));

  /** The tenant, or 404 when unknown or in another building. */
  async function tenantInScope(request: FastifyRequest, id: string) {
    const tenant = await findTenantContact(app.db, id);
    if (!tenant) throw notFound();
    assertInScope(request, tenant.buildingId);
    return tenant;
  }

  app.post(
    "/staff/tenants",
    {
      schema: {
        tags: ["staff"],
        summary: "Create a tenant with a tenancy in one of my buildings; invite=true mails the invitation at once",
        body: staffTenantCreateRequest,
        response: { 201: z.object({ id: z.string(), invitation: tenantInvitationState }), ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertInScope(request, body.building_id);
      const actor = auditActor(request);
      const created = unwrap(
        await createOnboardedTenant(app.db, actor, {
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email ?? null,
          tenancy: {
            buildingId: body.building_id,
            unit: body.unit?.trim() || null,
            startDate: body.start_date,
            baseRentCents: eurosToCents(body.base_rent),
            utilitiesCents: eurosToCents(body.utilities),
            paymentMethod: body.payment_method,
            dueDay: body.due_day,
            ibanLast4: body.iban_last4 ?? null,
          },
          opening: {
            firstPeriod: body.first_period ?? null,
            openingBalanceCents: eurosToCents(body.opening_balance ?? 0),
          },
        }),
      );
      if (body.invite && body.email) {
        unwrap(await issueInvitation(app.db, actor, created.tenantId, "email", mailContext(app)));
      }
      const invitation = await findInvitationState(app.db, created.tenantId);
      return reply.code(201).send({ id: created.tenantId, invitation: invitation! });
    },
  );

  app.patch(
    "/staff/tenants/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "Change a tenant's name or e-mail address",
        params: idParams,
        body: staffTenantContactUpdate,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await tenantInScope(request, request.params.id);
      unwrap(
        await updateTenantContact(app.db, auditActor(request), request.params.id, {
          firstName: request.body.first_name,
          lastName: request.body.last_name,
          email: request.body.email === undefined ? undefined : request.body.email,
        }),
      );
      return { success: true as const };
    },
  );

  app.post(
    "/staff/tenants/:id/tenancy/end",
    {
      schema: {
        tags: ["staff"],
        summary:
          "End the current tenancy: portal access ends 3 months later; the tenant is asked for a move-out reading",
        params: idParams,
        body: staffTenancyEndRequest,
        response: { 200: staffTenancyEndResult, ...errors },
      },
    },
    async (request) => {
      await tenantInScope(request, request.params.id);
      const ended = unwrap(
        await endCurrentTenancy(app.db, auditActor(request), request.params.id, request.body.end_date),
      );
      const reading = ended.moveOutReading;
      return {
        end_date: request.body.end_date,
        access_until: ended.accessUntil,
        move_out_reading: reading
          ? `Der Mieter wurde um die Zählerstände zum Auszug gebeten (${germanDateOf(reading.startsOn)} bis ${germanDateOf(reading.endsOn)}).`
          : ended.endMoved
            ? "Um die Zählerstände zum Auszug wurde schon gebeten, als das Mietverhältnis beendet wurde."
            : "Um die Zählerstände zum Auszug konnte nicht gebeten werden: Das Mietverhältnis gehört zu keinem Gebäude.",
      };
    },
  );

  app.post(
    "/staff/tenants/:id/invitation",
    {
      schema: {
        tags: ["staff"],
        summary: "Mail a new invitation link (72 hours; older links stop working)",
        params: idParams,
        response: { 200: tenantInvitationState, ...errors },
      },
    },
    async (request) => {
      await tenantInScope(request, request.params.id);
      unwrap(await issueInvitation(app.db, auditActor(request), request.params.id, "email", mailContext(app)));
      return (await findInvitationState(app.db, request.params.id))!;
    },
  );

  app.post(
    "/staff/tenants/invitations",
    {
      schema: {
        tags: ["staff"],
        summary: "Mail invitations to many tenants at once; those that cannot get one are listed with the reason",
        body: staffInvitationBulkRequest,
        response: { 200: staffInvitationBulkResult, ...errors },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      let sent = 0;
      const skipped: { id: string; name: string; reason: string }[] = [];
      for (const id of new Set(request.body.tenant_ids)) {
        const tenant = await findTenantContact(app.db, id);
        // Other buildings' tenants do not exist for this staff member (as the single routes' 404).
        if (!tenant || !inScope(request.staff, tenant.buildingId)) {
          skipped.push({ id, name: "", reason: "Unbekannter Mieter." });
          continue;
        }
        const result = await issueInvitation(app.db, actor, id, "email", mailContext(app));
        if (result.kind === "ok") sent++;
        else skipped.push({ id, name: tenant.name, reason: "message" in result ? result.message : "Nicht möglich." });
      }
      return { sent, skipped };
    },
  );

  /**
   * Letters as one PDF (decision 029): the PDF is built first; only then, in one transaction,
   * the tenants' older links stop working and the letters are logged. A failure changes nothing.
   */
  async function sendLetters(request: FastifyRequest, reply: FastifyReply, letters: PlannedLetter[], skipped = 0) {
    const pdf = await invitationLettersPdf(
      { brand: app.config.brand, portalUrl: app.config.publicUrl },
      letters.map((letter) => ({
        tenantName: letter.name,
        address: letter.address,
        unit: letter.unit,
        link: letter.link,
        code: letter.code,
        expiresAt: letter.expiresAt,
        today: berlinToday(),
      })),
    );
    unwrap(await recordLetterInvitations(app.db, auditActor(request), letters));
    const filename =
      letters.length === 1 ? `Einladung ${letters[0]!.name}.pdf` : `Einladungen ${letters.length} Mieter.pdf`;
    return reply
      .type("application/pdf")
      .header("cache-control", "no-store")
      .header("content-disposition", contentDisposition("attachment", filename))
      .header(LETTERS_COUNT_HEADER, String(letters.length))
      .header(LETTERS_SKIPPED_HEADER, String(skipped))
      .send(Buffer.from(pdf));
  }

  const letterOptions = () => ({
    mail: mailContext(app),
    days: app.config.invitationLetterDays,
    codeKey: app.config.jwtSecret,
  });

  app.post(
    "/staff/tenants/:id/invitation-letter",
    {
      schema: {
        tags: ["staff"],
        summary:
          "A printable invitation letter (PDF, German, DIN 5008) with a new link as QR code and a registration code, valid INVITATION_LETTER_DAYS (30) days; older links stop working once the PDF is built",
        params: idParams,
        response: { 200: z.any().describe("application/pdf"), ...errors },
      },
    },
    async (request, reply) => {
      await tenantInScope(request, request.params.id);
      const letter = unwrap(await planLetterInvitation(app.db, request.params.id, letterOptions()));
      return sendLetters(request, reply, [letter]);
    },
  );

  app.post(
    "/staff/tenants/invitation-letters",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Invitation letters for the selected tenants without e-mail address and without password, as one PDF (a page each); X-Letters and X-Letters-Skipped count them. Another building's tenant: 404",
        body: staffInvitationLettersRequest,
        response: { 200: z.any().describe("application/pdf"), ...errors },
      },
    },
    async (request, reply) => {
      const letters: PlannedLetter[] = [];
      let skipped = 0;
      for (const id of new Set(request.body.tenant_ids)) {
        const tenant = await tenantInScope(request, id);
        if (tenant.email || tenant.hasPassword) {
          skipped++;
          continue;
        }
        letters.push(unwrap(await planLetterInvitation(app.db, id, letterOptions())));
      }
      if (letters.length === 0) {
        throw conflict(
          "Keiner der ausgewählten Mieter braucht einen Brief: Alle haben eine E-Mail-Adresse oder schon ein Passwort. Laden Sie Mieter mit E-Mail-Adresse per E-Mail ein.",
        );
      }
      return sendLetters(request, reply, letters, skipped);
    },
  );

  app.post(
    "/staff/tenants/import/preview",
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ["staff"],
        summary: "Check a tenant CSV file (docs/tenant-import.md): every row with its problems; writes nothing",
        body: tenantImportRequest,
        response: { 200: tenantImportPreview, ...errors },
      },
    },
    async (request) => previewTenantImport(app.db, request.staff, request.body.csv),
  );

  app.post(
    "/staff/tenants/import",
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ["staff"],
        summary:
          "Import the CSV file: the valid rows in one transaction; tenants there already are skipped, refused rows listed (422 with the preview when the file cannot be read)",
        body: tenantImportRequest,
        response: { 200: tenantImportResult, 422: tenantImportPreview, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await importTenants(app.db, auditActor(request), request.staff, request.body.csv, {
        invite: request.body.invite,
        mail: mailContext(app),
      });
      if (outcome.kind === "invalid") return reply.code(422).send(outcome.preview);
      await refreshStatisticsAfterImport(app.db);
      return {
        created: outcome.created,
        invited: outcome.invited,
        skipped: outcome.skipped,
        refused: outcome.refused,
        refused_csv: outcome.refusedCsv,
      };
    },
  );
};
