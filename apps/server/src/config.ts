import { createECDH, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type BrandConfig,
  brandConfig,
  DEFAULT_BRAND,
  DEFAULT_CLIENT_API_KEY,
  isValidIban,
  TENANT_INVITATION_LETTER_DAYS,
} from "@mieter-portal/contracts";
import { z } from "zod";

const BRAND_ENV: Record<string, keyof BrandConfig> = {
  BRAND_COMPANY_NAME: "companyName",
  BRAND_LOGO_TEXT: "logoText",
  BRAND_SUPPORT_EMAIL: "supportEmail",
  BRAND_SUPPORT_PHONE: "supportPhone",
  BRAND_SUPPORT_HOURS: "supportHours",
  BRAND_EMERGENCY_HOTLINE: "emergencyHotline",
  BRAND_OFFICE_ADDRESS: "officeAddress",
};

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "muss true oder false sein" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  PORT: z.coerce.number({ error: "muss eine Portnummer sein" }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, { error: "muss mit postgres://, sqlite: oder file: beginnen" })
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, { error: "muss ein einfacher Schemaname sein (Buchstaben, Ziffern, _)" })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: "muss mindestens 32 Zeichen lang sein" }).optional(),
  API_KEYS: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "muss mit smtp:// oder smtps:// beginnen" })
    .optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.url({ error: "muss eine URL sein" }).optional(),
  SEED_DEMO: booleanish.default(true),
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  CREW_DIST: z.string().optional(),
  BRAND_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanish.default(false),
  NOTIFY_INTERVAL_MS: z.coerce
    .number({ error: "muss eine Zahl (Millisekunden) sein" })
    .int({ error: "muss eine ganze Zahl sein" })
    .min(0, { error: "darf nicht negativ sein" })
    .default(5000),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce
    .number({ error: "muss eine Zahl sein" })
    .int({ error: "muss eine ganze Zahl sein" })
    .min(0, { error: "darf nicht negativ sein" })
    .default(600),
  RATE_LIMIT_TENANT_PER_MINUTE: z.coerce
    .number({ error: "muss eine Zahl sein" })
    .int({ error: "muss eine ganze Zahl sein" })
    .min(0, { error: "darf nicht negativ sein" })
    .default(300),
  WRITE_QUOTAS: booleanish.default(true),
  INVITATION_LETTER_DAYS: z.coerce
    .number({ error: "muss eine Zahl (Tage) sein" })
    .int({ error: "muss eine ganze Zahl (Tage) sein" })
    .min(1, { error: "muss mindestens 1 sein" })
    .max(365, { error: "darf höchstens 365 sein" })
    .default(TENANT_INVITATION_LETTER_DAYS),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, { error: "muss ein unkomprimierter P-256-Schlüssel sein (87 Zeichen base64url)" })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,43}$/, { error: "muss ein P-256-Schlüssel sein (32 Byte, 43 Zeichen base64url)" })
    .optional(),
  VAPID_SUBJECT: z.string().optional(),
  PUSH_SERVICE_HOSTS: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: "muss eine Zahl (Millisekunden) sein" })
    .int({ error: "muss eine ganze Zahl (Millisekunden) sein" })
    .min(0, { error: "darf nicht negativ sein" })
    .default(25_000),
});

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string; schema?: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: Uint8Array;
  apiKeys: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  seedDemo: boolean;
  webDist: string | undefined;
  /** The built staff console (apps/console/dist), served under /verwaltung/. */
  consoleDist: string | undefined;
  /** The built crew app "Einsätze" (apps/crew/dist), served under /einsatz/. */
  crewDist: string | undefined;
  brand: BrandConfig;
  logLevel: string;
  trustProxy: boolean;
  /** API requests per minute and client IP, and per signed-in tenant (0: no limit). */
  rateLimit: { ipPerMinute: number; tenantPerMinute: number };
  /** Tenant write quotas per hour and day (lib/quotas.ts); off only for load measurements. */
  writeQuotas: boolean;
  /** How often the notification worker looks for mails to send (0: only when asked, in tests). */
  notifyIntervalMs: number;
  /** How long SIGTERM/SIGINT waits for in-flight requests before the process exits anyway. */
  shutdownGraceMs: number;
  /** How many days a printed invitation letter's link and code work (decision 029). */
  invitationLetterDays: number;
  /** Web Push (issue 29): the VAPID key pair (base64url) and the subject push services may contact. */
  push: PushConfig;
}

export interface PushConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Hosts (or their parent domains) a subscription's endpoint may name: the browsers' push services. */
  serviceHosts: string[];
}

/**
 * The push services of today's browsers (Chrome, Edge, Firefox, Safari, Opera, Samsung): a device's
 * endpoint must be one of theirs, so a crafted subscription cannot make the server post to any host.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
];

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The account the payment reminder names (BRAND_BANK_IBAN, BRAND_BANK_RECIPIENT, BRAND_BANK_BIC instead
 * of BRAND_FILE's bankAccount; an empty BRAND_BANK_IBAN names none): an IBAN whose check digits are wrong stops the start, since every
 * reminder would send tenants' money nowhere (issue 24 item 11).
 */
function readBankAccount(env: NodeJS.ProcessEnv, fromBrand: BrandConfig["bankAccount"]): BrandConfig["bankAccount"] {
  // An account from the environment is taken whole: no recipient or BIC of another account.
  const fromEnv = env.BRAND_BANK_IBAN !== undefined;
  const iban = fromEnv ? env.BRAND_BANK_IBAN : fromBrand?.iban;
  if (iban === undefined || iban.trim() === "") return undefined;
  const recipient = (fromEnv ? env.BRAND_BANK_RECIPIENT : fromBrand?.recipient) ?? "";
  const bic = fromEnv ? env.BRAND_BANK_BIC : fromBrand?.bic;
  if (!isValidIban(iban)) {
    throw new ConfigError(
      `BRAND_BANK_IBAN: „${iban}“ ist keine gültige IBAN (Prüfziffer oder Länge stimmt nicht). Bitte die IBAN des Mietkontos prüfen.`,
    );
  }
  if (recipient.trim() === "") {
    throw new ConfigError(
      "BRAND_BANK_RECIPIENT: Bitte den Kontoinhaber des Mietkontos angeben (Empfänger der Überweisung).",
    );
  }
  const normalized = iban.replace(/\s+/g, "").toUpperCase();
  return { iban: normalized, recipient: recipient.trim(), ...(bic?.trim() ? { bic: bic.trim() } : {}) };
}

/** The demo brand (contracts' DEFAULT_BRAND, shared with the web app) with BRAND_FILE and BRAND_* applied. */
function readBrand(env: NodeJS.ProcessEnv): BrandConfig {
  let brand: BrandConfig = structuredClone(DEFAULT_BRAND);
  if (env.BRAND_FILE) {
    let fromFile: unknown;
    try {
      fromFile = JSON.parse(readFileSync(env.BRAND_FILE, "utf8"));
    } catch (err) {
      throw new ConfigError(
        `BRAND_FILE: Datei ${env.BRAND_FILE} ist nicht lesbar oder kein JSON (${(err as Error).message})`,
      );
    }
    const merged = brandConfig.safeParse({
      ...brand,
      ...(fromFile as object),
      imprint: { ...brand.imprint, ...((fromFile as { imprint?: object }).imprint ?? {}) },
    });
    if (!merged.success) {
      throw new ConfigError(
        `BRAND_FILE: ${merged.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
      );
    }
    brand = merged.data;
  }
  for (const [name, field] of Object.entries(BRAND_ENV)) {
    const value = env[name];
    if (value !== undefined) (brand as Record<string, unknown>)[field] = value;
  }
  for (const [name, field] of Object.entries({
    BRAND_IMPRINT_LEGAL_NAME: "legalName",
    BRAND_IMPRINT_REPRESENTATIVE: "representative",
    BRAND_IMPRINT_REGISTER: "register",
    BRAND_IMPRINT_VAT_ID: "vatId",
  } as const)) {
    const value = env[name];
    if (value !== undefined) brand.imprint[field] = value;
  }
  if (brand.logoText.length !== 2) throw new ConfigError("BRAND_LOGO_TEXT: muss genau zwei Zeichen lang sein");
  brand.bankAccount = readBankAccount(env, brand.bankAccount);
  return brand;
}

/** Secret kept in DATA_DIR so tokens survive restarts when JWT_SECRET is not given. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID key pair (issue 29): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both, for several processes),
 * else the pair kept in DATA_DIR/vapid-keys.json, made at the first start. Every subscription is
 * bound to the public key, so losing or changing it silently ends every device's push.
 */
function readVapidKeys(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }, dataDir: string) {
  const pair = readVapidPair(env, dataDir);
  return { publicKey: pair.publicKey, privateKey: thirtyTwoBytes(pair.privateKey) };
}

/**
 * A P-256 private key as the 32 bytes web-push requires: Node drops leading zero bytes (about one
 * key in 256), and web-push then refuses every send.
 */
function thirtyTwoBytes(privateKey: string): string {
  const bytes = Buffer.from(privateKey, "base64url");
  return bytes.length >= 32
    ? privateKey
    : Buffer.concat([Buffer.alloc(32 - bytes.length), bytes]).toString("base64url");
}

function readVapidPair(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }, dataDir: string) {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (publicKey !== undefined || privateKey !== undefined) {
    if (publicKey === undefined || privateKey === undefined) {
      throw new ConfigError(
        "VAPID_PUBLIC_KEY und VAPID_PRIVATE_KEY: bitte beide setzen oder keinen (dann erzeugt der Server ein Paar in DATA_DIR). / Set both VAPID keys or neither.",
      );
    }
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    if (ecdh.getPublicKey("base64url") !== publicKey) {
      throw new ConfigError(
        "VAPID_PUBLIC_KEY passt nicht zu VAPID_PRIVATE_KEY: bitte das Paar unverändert übernehmen. / The VAPID public key does not belong to the private key.",
      );
    }
    return { publicKey, privateKey };
  }
  const file = path.join(dataDir, "vapid-keys.json");
  if (!existsSync(file)) {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const pair = {
      publicKey: ecdh.getPublicKey("base64url"),
      privateKey: thirtyTwoBytes(ecdh.getPrivateKey("base64url")),
    };
    try {
      // "wx": two processes starting at once on one DATA_DIR keep the pair the first one wrote.
      writeFileSync(file, `${JSON.stringify(pair)}\n`, { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof kept.publicKey !== "string" || typeof kept.privateKey !== "string") {
    throw new ConfigError(`${file}: kein VAPID-Schlüsselpaar (publicKey, privateKey). / Not a VAPID key pair.`);
  }
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

/**
 * The VAPID subject: VAPID_SUBJECT, else PUBLIC_URL when it is https, else mailto: the support
 * address. Apple's push service refuses any other kind, so a wrong one stops the start.
 */
function readVapidSubject(given: string | undefined, publicUrl: string, supportEmail: string): string {
  const subject = given ?? (publicUrl.startsWith("https://") ? publicUrl : `mailto:${supportEmail}`);
  let valid = false;
  try {
    const url = new URL(subject);
    valid =
      (url.protocol === "mailto:" && url.pathname.includes("@")) || (url.protocol === "https:" && url.host !== "");
  } catch {
    valid = false;
  }
  if (!valid) {
    throw new ConfigError(
      `VAPID_SUBJECT: „${subject}“ muss mit mailto: (eine E-Mail-Adresse) oder https: (eine Web-Adresse) beginnen, sonst lehnen Push-Dienste wie Apples die Nachrichten ab. / VAPID_SUBJECT must be a mailto: or https: URL.`,
    );
  }
  return subject;
}

function databaseFrom(url: string | undefined, dataDir: string, schema: string | undefined): DatabaseConfig {
  if (!url) return { kind: "sqlite", file: path.join(dataDir, "mieter-portal.sqlite") };
  if (url.startsWith("postgres")) return { kind: "postgres", url, ...(schema ? { schema } : {}) };
  const file = url.replace(/^(sqlite|file):(\/\/)?/, "");
  return { kind: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
}

/** Reads and checks the environment; an invalid value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const apiKeys = (e.API_KEYS ?? DEFAULT_CLIENT_API_KEY)
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  if (apiKeys.length === 0) throw new ConfigError("API_KEYS: mindestens ein Schlüssel ist nötig");
  const secret = e.JWT_SECRET ?? loadOrCreateSecret(dataDir);
  const shownHost = e.HOST === "0.0.0.0" || e.HOST === "::" ? "localhost" : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, "");
  const brand = readBrand(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseFrom(e.DATABASE_URL, dataDir, e.DATABASE_SCHEMA),
    jwtSecret: new TextEncoder().encode(secret),
    apiKeys,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "",
    publicUrl,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    consoleDist: e.CONSOLE_DIST ? path.resolve(e.CONSOLE_DIST) : undefined,
    crewDist: e.CREW_DIST ? path.resolve(e.CREW_DIST) : undefined,
    brand,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { ipPerMinute: e.RATE_LIMIT_IP_PER_MINUTE, tenantPerMinute: e.RATE_LIMIT_TENANT_PER_MINUTE },
    writeQuotas: e.WRITE_QUOTAS,
    notifyIntervalMs: e.NOTIFY_INTERVAL_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    invitationLetterDays: e.INVITATION_LETTER_DAYS,
    push: {
      ...readVapidKeys(e, dataDir),
      subject: readVapidSubject(e.VAPID_SUBJECT, publicUrl, brand.supportEmail),
      serviceHosts: e.PUSH_SERVICE_HOSTS
        ? e.PUSH_SERVICE_HOSTS.split(",")
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : DEFAULT_PUSH_SERVICE_HOSTS,
    },
  };
}
