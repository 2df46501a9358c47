import { randomUUID } from "node:crypto";
import type { Agent as HttpsAgent } from "node:https";
import path from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import { API_BASE } from "@mieter-portal/contracts";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.js";
import { type DbHandle, openDatabase } from "./db/connection.js";
import { migrateToLatest } from "./db/migrate.js";
import { dispatchCampaignMails } from "./domain/meter-readings/campaign-mailing.js";
import { findStaffNameAndRole } from "./domain/staff/staff-members.js";
import { startNotificationWorker } from "./jobs/notification-worker.js";
import { scheduleOverduePushes } from "./jobs/overdue-pushes.js";
import { schedulePurges } from "./jobs/purges.js";
import { deliverDuePushes } from "./jobs/push-delivery.js";
import { scheduleRentCharges } from "./jobs/rent-ledger-schedule.js";
import { scheduleMissedVisits } from "./jobs/service-missed.js";
import { scheduleServiceVisits } from "./jobs/service-visit-schedule.js";
import { scheduleStatisticsRefresh } from "./jobs/statistics-schedule.js";
import { createBackgroundTasks } from "./lib/background.js";
import { localFileStore } from "./lib/file-store.js";
import { DEFAULT_BODY_LIMIT } from "./lib/limits.js";
import { createMailer, type Mailer } from "./lib/mailer.js";
import { APP_VERSION } from "./lib/version.js";
import { createPushSender } from "./lib/web-push-sender.js";
import "./fastify-types.js";
import { requireApiKey } from "./plugins/app/api-key.js";
import { requireTenant } from "./plugins/app/authenticate.js";
import { requireStaff } from "./plugins/app/authenticate-staff.js";
import { registerErrorHandling } from "./plugins/app/error-handler.js";
import { enableIdempotency, storeIdempotentAnswer } from "./plugins/app/idempotency.js";
import { limitRequestsPerMinute, registerRateLimit, rejectControlCharacters } from "./plugins/app/request-guards.js";
import { addSecurityHeaders } from "./plugins/external/security-headers.js";
import { serveWebApp } from "./plugins/external/web-app.js";
import { authenticatedAuthRoutes, publicAuthRoutes } from "./routes/auth.js";
import { publicRoutes } from "./routes/public.js";
import { staffPublicAuthRoutes } from "./routes/staff/auth.js";
import { staffRoutes } from "./routes/staff/index.js";
import { staffPasswordResetRoutes } from "./routes/staff/password-reset.js";
import { tenantRoutes } from "./routes/tenant/index.js";
import { tenantInvitationRoutes } from "./routes/tenant-invitation.js";

export interface BuildOptions {
  /** An already opened database (tests, bench); otherwise opened from config and closed with the app. */
  database?: DbHandle;
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
  /** Tests only: the HTTPS agent that trusts their local push receiver's self-signed certificate. */
  pushAgent?: HttpsAgent;
}

/**
 * Fields that carry secrets, wherever they appear in something logged. Request logs never hold a
 * query string or a body (see logRequests); this is the second line of defence.
 */
const SECRET_PATHS = [
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  "req.headers.cookie",
  "body",
  "req.body",
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "*.token",
  "*.authorization",
];

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: SECRET_PATHS, censor: "[entfernt]" },
    serializers: {
      // Should anything log a request, it goes without query string (reset links, tokens).
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url ?? "") }),
    },
  };
}

const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? "";

/**
 * One log line per answered request — method, path (never the query), status and time — instead
 * of Fastify's two (the second repeating the URL with its query string).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      path: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) request.log.error({ ...line, err: error }, "request");
    else request.log.info(line, "request");
  }
}

const REQUEST_ID_PREFIX = randomUUID().slice(0, 8);
let requestCount = 0;

/** The PostgreSQL schema the app works in (undefined on SQLite). */
export function migrationSchema(config: AppConfig): string | undefined {
  return config.database.kind === "postgres" ? (config.database.schema ?? "public") : undefined;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // Small by default; the photo routes raise it for themselves (lib/limits.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    // Unique across processes (a random prefix per process) without a UUID per request.
    genReqId: () => `${REQUEST_ID_PREFIX}-${(++requestCount).toString(36)}`,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? openDatabase(config.database);
  if (!options.database) app.addHook("onClose", () => database.destroy());
  await migrateToLatest(database.db, migrationSchema(config));
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorateRequest("db", {
    getter(this: FastifyRequest) {
      return this.idempotency?.trx ?? database.db;
    },
  });
  app.decorate("files", localFileStore(path.join(config.dataDir, "files")));
  app.decorate(
    "mailer",
    options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom || `${config.brand.companyName} <${config.brand.supportEmail}>`,
        outboxDir: path.join(config.dataDir, "outbox"),
      }),
  );

  const background = createBackgroundTasks(app.log);
  app.decorate("background", background);
  // Mails a request started finish before the database closes.
  app.addHook("onClose", () => background.drain());

  const pushSender = createPushSender({
    ...config.push,
    ...(options.pushAgent ? { agent: options.pushAgent } : {}),
  });
  const worker = startNotificationWorker({
    db: database.db,
    mailer: app.mailer,
    context: () => ({ company: config.brand.companyName, publicUrl: config.publicUrl }),
    staffName: (id) => findStaffNameAndRole(database.db, id),
    log: app.log,
    intervalMs: config.notifyIntervalMs,
    beforeRound: () =>
      dispatchCampaignMails(database.db, { company: config.brand.companyName, publicUrl: config.publicUrl }),
    pushes: () => deliverDuePushes({ db: database.db, sender: pushSender, publicUrl: config.publicUrl, log: app.log }),
  });
  app.decorate("notifications", worker);
  app.addHook("onClose", () => worker.stop());
  // Monthly rent charges at start-up and daily (issue 14 §2).
  scheduleRentCharges(app);
  // The services' catalogue and the plans' Einsätze eight weeks ahead, at start-up and daily (issue 27 §1).
  scheduleServiceVisits(app);
  scheduleMissedVisits(app);
  // Staff who chose it get a push when an Eingang item becomes overdue (issue 29).
  scheduleOverduePushes(app);
  // The planner's statistics daily (issue 24 item 14).
  scheduleStatisticsRefresh(app);
  // Expired idempotency keys and old sign-in attempts.
  schedulePurges(app);

  registerErrorHandling(app);
  // Before compression: the stored answer is the serialised body, not a compressed stream.
  app.addHook("onSend", storeIdempotentAnswer(database.db));
  await app.register(compress, {
    // Brotli or gzip as the client accepts, from about 1 KB; Vary: Accept-Encoding. Quality 4 keeps
    // brotli on the fly about as cheap as gzip; the static assets come precompressed at 11.
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  rejectControlCharacters(app);
  await registerRateLimit(app);

  addSecurityHeaders(app);

  await app.register(swagger, {
    openapi: {
      info: { title: "Mieter-Portal API", version: APP_VERSION, description: "Tenant self-service API" },
      components: {
        securitySchemes: {
          apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        },
      },
    },
    transform: (input) => {
      const documented = jsonSchemaTransform(input);
      // A multipart body is parsed by @fastify/multipart, not validated by a schema: the route
      // describes it for the API document only.
      const body = input.route.config?.multipartBody;
      return body ? { ...documented, schema: { ...documented.schema, body } } : documented;
    },
  });

  const { ipPerMinute, tenantPerMinute } = config.rateLimit;
  await app.register(
    async (api) => {
      limitRequestsPerMinute(api, ipPerMinute, (request) => request.ip);
      await api.register(publicRoutes);
      await api.register(async (keyed) => {
        requireApiKey(keyed);
        await keyed.register(publicAuthRoutes);
        await keyed.register(tenantInvitationRoutes);
        await keyed.register(staffPublicAuthRoutes);
        await keyed.register(staffPasswordResetRoutes);
        await keyed.register(async (staffScope) => {
          requireStaff(staffScope);
          limitRequestsPerMinute(staffScope, tenantPerMinute, (request) => `staff:${request.staff.id}`);
          await staffScope.register(staffRoutes);
        });
        await keyed.register(async (tenantScope) => {
          requireTenant(tenantScope);
          limitRequestsPerMinute(tenantScope, tenantPerMinute, (request) => request.auth.tenantId);
          enableIdempotency(tenantScope);
          await tenantScope.register(authenticatedAuthRoutes);
          await tenantScope.register(tenantRoutes, { prefix: "/tenant" });
        });
      });
    },
    { prefix: API_BASE },
  );

  await serveWebApp(app, config);
  return app;
}
