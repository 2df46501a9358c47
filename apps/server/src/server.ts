import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { seedDemoIfEmpty } from "./db/seed/demo.js";

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

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const lines = [
    "",
    `Mieter-Portal läuft auf http://${shownHost}:${port}`,
    `Datenbank: ${config.database.kind === "sqlite" ? config.database.file : "PostgreSQL"}`,
  ];
  if (config.seedDemo) {
    lines.push(
      seeded ? "Demo-Daten wurden angelegt." : "Demo-Daten sind vorhanden.",
      "Demo-Zugang:  demo@example.com / demo1234",
      "Zweiter Mieter: nachbar@example.com / demo1234",
    );
  }
  console.log(`${lines.join("\n")}\n`);
}

main().catch((err) => {
  console.error("Mieter-Portal konnte nicht starten:", err);
  process.exit(1);
});
