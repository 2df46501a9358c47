import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrationSchema } from "../app.js";
import { type AppConfig, ConfigError, loadConfig } from "../config.js";
import { type Db, openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { type FileStore, localFileStore } from "../lib/file-store.js";
import { createMailer, type Mailer } from "../lib/mailer.js";
import { CommandError, UsageError } from "./args.js";
import { importStatementCommand, recordPaymentCommand, rentChargesCommand } from "./commands/ledger.js";
import {
  listMessages,
  listRepairs,
  proposeAppointment,
  publishDocument,
  sendMessage,
  setRepairStatus,
} from "./commands/management.js";
import { startMeterCampaignCommand } from "./commands/meter-campaigns.js";
import { importTenantsCommand, inviteTenant } from "./commands/onboarding.js";
import { createStaffCommand } from "./commands/staff.js";
import { createTenant, endTenancy, listTenants, resetPassword } from "./commands/tenants.js";
import type { AdminCommand, AdminIo, CommandContext } from "./context.js";

/**
 * `npm run admin -- <command> [--options]`: the shell tools beside the staff console (the first
 * Administrator, automation). Exit codes: 0 done, 1 the command could not be carried out, 2 bad or missing arguments.
 */

export const COMMANDS: AdminCommand[] = [
  createTenant,
  inviteTenant,
  importTenantsCommand,
  endTenancy,
  resetPassword,
  sendMessage,
  publishDocument,
  setRepairStatus,
  proposeAppointment,
  listTenants,
  listRepairs,
  listMessages,
  createStaffCommand,
  rentChargesCommand,
  importStatementCommand,
  recordPaymentCommand,
  startMeterCampaignCommand,
];

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "Mieter-Portal – Verwaltung",
    "",
    "Aufruf: npm run admin -- <befehl> [--optionen]",
    "",
    "Befehle:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    `  ${"help".padEnd(width)}  Diese Übersicht; "help <befehl>" zeigt die Optionen eines Befehls`,
    "",
    "Die Datenbank und DATA_DIR kommen aus derselben Konfiguration wie beim Serverstart (DATABASE_URL, DATA_DIR …).",
  ].join("\n");
}

const usageOf = (command: AdminCommand) => `Aufruf: npm run admin -- ${command.usage}`;

export interface AdminDeps {
  /** An open database (tests); otherwise opened from the configuration, migrated and closed again. */
  db?: Db;
  config?: AppConfig;
  files?: FileStore;
  mailer?: Mailer;
}

export async function runAdmin(argv: string[], io: AdminIo, deps: AdminDeps = {}): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    const topic = COMMANDS.find((c) => c.name === rest[0]);
    if (name && rest[0] && !topic) {
      io.err(`Unbekannter Befehl: ${rest[0]}\n\n${overview()}`);
      return EXIT_USAGE;
    }
    if (!name) {
      io.err(overview());
      return EXIT_USAGE;
    }
    io.out(topic ? `${topic.summary}\n\n${usageOf(topic)}` : overview());
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`Unbekannter Befehl: ${name}\n\n${overview()}`);
    return EXIT_USAGE;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(`${command.summary}\n\n${usageOf(command)}`);
    return EXIT_OK;
  }

  let config: AppConfig;
  try {
    config = deps.config ?? loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return EXIT_FAILED;
    }
    throw err;
  }
  const handle = deps.db ? undefined : openDatabase(config.database);
  try {
    const db = deps.db ?? handle!.db;
    if (handle) await migrateToLatest(db, migrationSchema(config));
    const ctx: CommandContext = {
      db,
      config,
      io,
      files: deps.files ?? localFileStore(path.join(config.dataDir, "files")),
      mailer:
        deps.mailer ??
        createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom || `${config.brand.companyName} <${config.brand.supportEmail}>`,
          outboxDir: path.join(config.dataDir, "outbox"),
        }),
    };
    await command.run(ctx, rest);
    return EXIT_OK;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n\n${usageOf(command)}`);
      return EXIT_USAGE;
    }
    if (err instanceof CommandError) {
      io.err(`Fehler: ${err.message}`);
      return EXIT_FAILED;
    }
    io.err(`Unerwarteter Fehler: ${(err as Error).message}`);
    return EXIT_FAILED;
  } finally {
    await handle?.destroy();
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // `npm run admin` runs in apps/server; relative paths (DATA_DIR, --file) mean where it was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const io: AdminIo = {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  };
  runAdmin(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`Unerwarteter Fehler: ${(err as Error).stack ?? err}\n`);
      process.exitCode = EXIT_FAILED;
    },
  );
}
