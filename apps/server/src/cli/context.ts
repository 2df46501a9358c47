import type { AppConfig } from "../config.js";
import type { Db } from "../db/connection.js";
import type { MailContext } from "../domain/notifications/notify.js";
import { findTenantByEmail } from "../domain/tenants/tenants.js";
import type { FileStore } from "../lib/file-store.js";
import type { Mailer } from "../lib/mailer.js";
import { CommandError } from "./args.js";

export interface AdminIo {
  out(text: string): void;
  err(text: string): void;
}

/** What every command works with; the entry point opens and closes it. */
export interface CommandContext {
  db: Db;
  config: AppConfig;
  files: FileStore;
  mailer: Mailer;
  io: AdminIo;
}

export interface AdminCommand {
  name: string;
  /** One line for the overview. */
  summary: string;
  /** Options as shown in the usage text. */
  usage: string;
  run(ctx: CommandContext, argv: string[]): Promise<void>;
}

export async function requireTenantByEmail(db: Db, email: string) {
  const tenant = await findTenantByEmail(db, email);
  if (!tenant) throw new CommandError(`Es gibt keinen Mieter mit der E-Mail-Adresse ${email}.`);
  return { ...tenant, name: `${tenant.first_name} ${tenant.last_name}` };
}

const berlinTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  hour: "2-digit",
  minute: "2-digit",
});
const berlinDate = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** "01.12.2026, 10:00–11:00 Uhr" in Berlin time. */
export function timeRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const sameDay = berlinDate.format(start) === berlinDate.format(end);
  return sameDay
    ? `${berlinDate.format(start)}, ${berlinTime.format(start)}–${berlinTime.format(end)} Uhr`
    : `${berlinDate.format(start)}, ${berlinTime.format(start)} Uhr bis ${berlinDate.format(end)}, ${berlinTime.format(end)} Uhr`;
}

/** The brand and address the command line's mails speak with (as the server's). */
export const commandMailContext = (config: AppConfig): MailContext => ({
  company: config.brand.companyName,
  publicUrl: config.publicUrl,
});
