import diagnostics from "node:diagnostics_channel";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { seedDemoIfEmpty } from "./db/seed/demo.js";
import { demoAccountLines } from "./db/seed/demo-banner.js";
import { seedDemoNoticesIfMissing } from "./db/seed/demo-notices.js";
import { seedDemoSepaIfMissing } from "./db/seed/demo-sepa.js";
import { seedDemoServicesIfMissing } from "./db/seed/demo-services.js";
import { seedDemoStaffIfMissing } from "./db/seed/demo-staff.js";
import { lanLines, listensEverywhere } from "./lib/lan-addresses.js";
import { mailContextOf } from "./lib/mail-context.js";

/**
 * SIGTERM/SIGINT: stop accepting connections, let every in-flight request finish writing its
 * whole reply, close the database, exit 0 — bounded by SHUTDOWN_GRACE_MS, after which the
 * process exits 1 with whatever is still running.
 *
 * A repeated signal during the shutdown is logged and otherwise ignored: one stop request often
 * arrives twice (npm forwards the signal it got, a terminal's Ctrl-C reaches the whole process
 * group, systemd signals every process of the unit), and treating the second one as "exit now"
 * cut off replies still being written. The grace period bounds the shutdown; SIGKILL forces it.
 */
function handleShutdown(app: FastifyInstance, graceMs: number): void {
  let closing: Promise<void> | undefined;
  const shutdown = (reason: { signal?: NodeJS.Signals; err?: unknown }) => {
    if (closing) {
      if (reason.err) {
        app.log.error({ err: reason.err }, "error during shutdown, exiting");
        process.exit(1);
      }
      app.log.info({ signal: reason.signal }, "already shutting down, waiting for in-flight requests");
      return;
    }
    if (reason.err) app.log.error({ err: reason.err }, "shutting down after an error");
    else app.log.info({ signal: reason.signal, graceMs }, "shutting down");
    // server.close() closes the connections idle at that moment; one that goes idle later (its
    // reply was still being written) would be kept alive and hold the exit for the keep-alive
    // timeout (72 s). So close each connection as soon as its reply is written.
    diagnostics.subscribe("http.server.response.finish", (message) => {
      if ((message as { server?: unknown }).server !== app.server) return;
      setImmediate(() => app.server.closeIdleConnections());
    });
    const timer = setTimeout(() => {
      app.log.error({ graceMs }, "shutdown grace period over, exiting with requests still running");
      process.exit(1);
    }, graceMs);
    closing = app.close().then(
      () => {
        clearTimeout(timer);
        app.log.info("shut down");
        process.exit(reason.err ? 1 : 0);
      },
      (err: unknown) => {
        app.log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => shutdown({ signal }));
  process.on("uncaughtException", (err) => shutdown({ err }));
  process.on("unhandledRejection", (err) => shutdown({ err }));
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Mieter-Portal startet nicht.\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  const seeded = config.seedDemo
    ? await seedDemoIfEmpty(app.db, app.files, { companyName: config.brand.companyName })
    : false;
  if (config.seedDemo) await seedDemoStaffIfMissing(app.db);
  // Issue 14 §4: a current information notice and an outage for the demo building (needs the demo Verwalter).
  if (config.seedDemo) await seedDemoNoticesIfMissing(app.db, mailContextOf(app));
  // Issue 27 §5: the house's services with eight weeks of history (needs the demo staff and tenants).
  if (config.seedDemo) await seedDemoServicesIfMissing(app.db, app.files, mailContextOf(app));
  // Issue 28: creditor settings and the demo building's mandates, so a collection can be run at once.
  if (config.seedDemo) await seedDemoSepaIfMissing(app.db);

  handleShutdown(app, config.shutdownGraceMs);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = listensEverywhere(config.host) ? "localhost" : config.host;
  const lines = [
    "",
    `Mieter-Portal läuft auf http://${shownHost}:${port}`,
    // HOST=0.0.0.0: the addresses a phone in the same network opens (README, "On a phone").
    ...lanLines(config.host, port),
    `Datenbank: ${config.database.kind === "sqlite" ? config.database.file : "PostgreSQL"}`,
  ];
  if (config.seedDemo) {
    lines.push(
      seeded ? "Demo-Daten wurden angelegt." : "Demo-Daten sind vorhanden.",
      ...(await demoAccountLines(app.db, `http://${shownHost}:${port}`)),
    );
  }
  console.log(`${lines.join("\n")}\n`);
}

main().catch((err) => {
  console.error("Mieter-Portal konnte nicht starten:", err);
  process.exit(1);
});
