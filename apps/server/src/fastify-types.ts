import type { AppConfig } from "./config.js";
import type { Db, DbHandle } from "./db/connection.js";
import type { NotificationWorker } from "./jobs/notification-worker.js";
import type { BackgroundTasks } from "./lib/background.js";
import type { FileStore } from "./lib/file-store.js";
import type { Mailer } from "./lib/mailer.js";

export interface AuthContext {
  tenantId: string;
  jti: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
  email: string;
  displayName: string;
}

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: DbHandle;
    db: Db;
    files: FileStore;
    mailer: Mailer;
    background: BackgroundTasks;
    /** Sends the notification outbox; tests call runOnce() instead of waiting for its timer. */
    notifications: NotificationWorker;
  }
  interface FastifyRequest {
    /** Set by the authentication hook on every route of the authenticated scope. */
    auth: AuthContext;
    /** The database for this request: the idempotency transaction of a keyed change, else app.db. */
    db: Db;
  }
  interface FastifyContextConfig {
    /** Set false on a mutation that must not be replayed from the idempotency store. */
    idempotent?: boolean;
    /** JSON Schema of a multipart body, for the OpenAPI document only (multipart is not schema-validated). */
    multipartBody?: Record<string, unknown>;
  }
}
