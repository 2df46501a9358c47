import { apiError, LIMITS } from "@mieter-portal/contracts";
import {
  documentPublication,
  documentPublicationPage,
  documentPublicationsQuery,
  documentPublishFields,
} from "@mieter-portal/contracts/staff";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findPublication, listPublications, publishDocument } from "../../domain/documents/document-publications.js";
import { buildingsExist } from "../../domain/staff/buildings.js";
import { tenantRefOf } from "../../domain/tenants/staff-tenants.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import {
  acceptDocumentMultipart,
  filePart,
  type MultipartBody,
  parseFields,
  requireMultipart,
  textField,
} from "../../lib/multipart.js";
import { requireCapability } from "../../plugins/app/authenticate-staff.js";
import { assertInScope, auditActor } from "./scope.js";

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

const UNKNOWN_BUILDING = "Unbekanntes Gebäude.";
export const ALL_TENANTS_FORBIDDEN = "Dokumente für alle Mieter veröffentlicht die Administration.";

/** The publication's multipart body as the OpenAPI document describes it. */
const PUBLISH_BODY = {
  type: "object",
  required: ["file", "title", "type", "audience"],
  properties: {
    file: {
      type: "string",
      format: "binary",
      description: `PDF, DOC, DOCX, JPG or PNG, at most ${LIMITS.documentMaxBytes / 1024 / 1024} MB; the type is decided by the bytes`,
    },
    title: { type: "string", maxLength: LIMITS.titleMax },
    type: { type: "string", enum: ["contract", "house_rules", "receipt", "utility"] },
    audience: { type: "string", enum: ["tenant", "building", "all"] },
    tenant_id: { type: "string", format: "uuid", description: "With audience 'tenant'" },
    building_id: { type: "string", format: "uuid", description: "With audience 'building'" },
  },
};

/**
 * Documents to many (issue 14 §3): Administrators and Verwalter (capability "documents"; a
 * Hausmeister gets 403) publish one file to a tenant or a building of theirs; to all tenants only
 * Administrators. Other buildings and their tenants answer 404.
 */
export const staffDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest (after the staff scope's sign-in check): a Hausmeister's upload is refused before its body is read.
  app.addHook("onRequest", requireCapability("documents"));
  // Only this plugin of the staff scope accepts multipart (lib/multipart.ts).
  await acceptDocumentMultipart(app);

  app.get(
    "/staff/documents",
    {
      schema: {
        tags: ["staff"],
        summary:
          "What the management published (for my buildings, their tenants, and all tenants), newest first; paginated by cursor",
        querystring: documentPublicationsQuery,
        response: { 200: documentPublicationPage, ...errors },
      },
    },
    async (request) =>
      listPublications(
        app.db,
        { allBuildings: request.staff.allBuildings, buildingIds: request.staff.buildingIds },
        request.query,
      ),
  );

  app.post(
    "/staff/documents",
    {
      preValidation: requireMultipart,
      config: { multipartBody: PUBLISH_BODY },
      schema: {
        tags: ["staff"],
        summary:
          "Publish a document (multipart: file, title, type, audience tenant|building|all with tenant_id or building_id) to each recipient's documents; tenants get a daily digest mail",
        consumes: ["multipart/form-data"],
        response: { 201: documentPublication, ...errors, 413: apiError, 415: apiError },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as MultipartBody;
      const fields = parseFields(documentPublishFields, {
        title: textField(body, "title"),
        type: textField(body, "type"),
        audience: textField(body, "audience"),
        tenant_id: textField(body, "tenant_id"),
        building_id: textField(body, "building_id"),
      });
      const file = filePart(body);
      let buildingId: string | null = null;
      if (fields.audience === "all") {
        if (!request.staff.allBuildings) throw forbidden("forbidden", ALL_TENANTS_FORBIDDEN);
      } else if (fields.audience === "building") {
        buildingId = fields.building_id ?? null;
        assertInScope(request, buildingId);
        if (!(await buildingsExist(app.db, [buildingId as string]))) {
          throw badRequest(UNKNOWN_BUILDING, { building_id: UNKNOWN_BUILDING });
        }
      } else {
        const tenant = await tenantRefOf(app.db, fields.tenant_id ?? "");
        if (!tenant) throw notFound();
        assertInScope(request, tenant.buildingId);
        buildingId = tenant.buildingId;
      }
      const id = await publishDocument(
        app.db,
        app.files,
        {
          audience: fields.audience,
          tenantId: fields.tenant_id,
          buildingId,
          title: fields.title,
          type: fields.type,
          bytes: await file.toBuffer(),
          filename: file.filename,
        },
        auditActor(request),
      );
      if (id === "no_recipients") {
        throw conflict(
          "Dieses Gebäude hat keine Mieter mit laufendem Mietverhältnis: niemand würde das Dokument erhalten.",
        );
      }
      const published = await findPublication(app.db, id);
      if (!published) throw notFound();
      return reply.code(201).send(published);
    },
  );
};
