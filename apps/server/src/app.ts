import { randomUUID } from "node:crypto";
import path from "node:path";
import swagger from "@fastify/swagger";
import { API_BASE, LIMITS } from "@mieter-portal/contracts";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.js";
import { type DbHandle, openDatabase } from "./db/connection.js";
import { migrateToLatest } from "./db/migrate.js";
import { createBackgroundTasks } from "./lib/background.js";
import { localFileStore } from "./lib/file-store.js";
import { createMailer, type Mailer } from "./lib/mailer.js";
import "./fastify-types.js";
import { requireApiKey } from "./plugins/app/api-key.js";
import { requireTenant } from "./plugins/app/authenticate.js";
import { registerErrorHandling } from "./plugins/app/error-handler.js";
import { enableIdempotency } from "./plugins/app/idempotency.js";
import { addSecurityHeaders } from "./plugins/external/security-headers.js";
import { serveWebApp } from "./plugins/external/web-app.js";
import { authenticatedAuthRoutes, publicAuthRoutes } from "./routes/auth.js";
import { publicRoutes } from "./routes/public.js";
import { tenantRoutes } from "./routes/tenant/index.js";

export interface BuildOptions {
  /** An already opened database (tests, bench); otherwise opened from config and closed with the app. */
  database?: DbHandle;
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
}

/** Body limit of JSON requests: three photos of up to 8 MB each, base64-encoded, plus the form. */
export const JSON_BODY_LIMIT = Math.ceil((LIMITS.repairMaxPhotos * LIMITS.photoMaxBytes * 4) / 3) + 1024 * 1024;

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    // Never log credentials, tokens or photo data.
    redact: {
      paths: ["req.headers.authorization", 'req.headers["x-api-key"]', "req.headers.cookie", "body", "req.body"],
      censor: "[entfernt]",
    },
  };
}

/** The PostgreSQL schema the app works in (undefined on SQLite). */
export function migrationSchema(config: AppConfig): string | undefined {
  return config.database.kind === "postgres" ? (config.database.schema ?? "public") : undefined;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
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

  registerErrorHandling(app);

  addSecurityHeaders(app);

  await app.register(swagger, {
    openapi: {
      info: { title: "Mieter-Portal API", version: "1.0.0", description: "Tenant self-service API" },
      components: {
        securitySchemes: {
          apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(publicRoutes);
      await api.register(async (keyed) => {
        requireApiKey(keyed);
        await keyed.register(publicAuthRoutes);
        await keyed.register(async (tenantScope) => {
          requireTenant(tenantScope);
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
