import { apiError, idParams } from "@mieter-portal/contracts";
import {
  staffInvitationBulkRequest,
  staffInvitationBulkResult,
  staffTenancyEndRequest,
  staffTenancyEndResult,
  staffTenantContactUpdate,
  staffTenantCreateRequest,
  tenantImportPreview,
  tenantImportRequest,
  tenantImportResult,
  tenantInvitationState,
} from "@mieter-portal/contracts/staff";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { invitationLetterPdf } from "../../lib/invitation-letter.js";
import { berlinToday, eurosToCents, germanDateOf } from "../../lib/time.js";
import { contentDisposition } from "../../lib/uploads.js";
import { inScope, requireCapability } from "../../plugins/app/authenticate-staff.js";
import { refreshStatisticsAfterImport } from "../../repositories/statistics.js";
import { importTenants, previewTenantImport } from "../../repositories/tenant-import.js";
import {
  createOnboardedTenant,
  endCurrentTenancy,
  findInvitationState,
  findTenantContact,
  findTenantPlace,
  issueInvitation,
  type OnboardingResult,
  updateTenantContact,
} from "../../repositories/tenant-onboarding.js";
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

  app.post(
    "/staff/tenants/:id/invitation-letter",
    {
      schema: {
        tags: ["staff"],
        summary:
          "A printable invitation letter (PDF, German) with a new link as QR code, for tenants without e-mail; older links stop working",
        params: idParams,
        response: { 200: z.any().describe("application/pdf"), ...errors },
      },
    },
    async (request, reply) => {
      await tenantInScope(request, request.params.id);
      const mail = mailContext(app);
      const issued = unwrap(await issueInvitation(app.db, auditActor(request), request.params.id, "letter", mail));
      const place = await findTenantPlace(app.db, request.params.id);
      const pdf = await invitationLetterPdf({
        company: mail.company,
        tenantName: place?.name ?? "",
        address: place?.address ?? null,
        unit: place?.unit ?? null,
        link: issued.link,
        expiresAt: issued.expiresAt,
        today: berlinToday(),
        portalUrl: mail.publicUrl,
      });
      const filename = `Einladung ${place?.name ?? "Mieter"}.pdf`;
      return reply
        .type("application/pdf")
        .header("cache-control", "no-store")
        .header("content-disposition", contentDisposition("attachment", filename))
        .send(Buffer.from(pdf));
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
