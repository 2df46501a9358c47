import { parseArgs } from "node:util";
import { z } from "zod";
import { berlinToUtc } from "../lib/time.js";

/** Bad or missing arguments: the command prints its usage and exits with code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The command could not do what was asked (unknown tenant, conflict…): exit code 1. */
export class CommandError extends Error {
  override name = "CommandError";
}

const PARSE_MESSAGES: Record<string, (detail: string) => string> = {
  ERR_PARSE_ARGS_UNKNOWN_OPTION: (d) => `Unbekannte Option: ${d}`,
  ERR_PARSE_ARGS_INVALID_OPTION_VALUE: (d) => {
    const option = d.split(" ")[0];
    return `Option ${option} braucht einen Wert (beginnt er mit "-", schreiben Sie ${option}=<wert>).`;
  },
  ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL: (d) => `Unerwartetes Argument: ${d}`,
};

/**
 * Parses `--name value` options (strings, each at most once; `flags` are switches without value)
 * and checks them with a zod schema keyed by the option names. Every problem becomes a UsageError
 * with German text.
 */
export function parseOptions<S extends z.ZodObject>(argv: string[], schema: S, flags: string[] = []): z.infer<S> {
  const names = Object.keys(schema.shape);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: Object.fromEntries(
        names.map((name) => [name, { type: flags.includes(name) ? ("boolean" as const) : ("string" as const) }]),
      ),
      strict: true,
      allowPositionals: false,
    }) as { values: Record<string, string | boolean | undefined> });
  } catch (err) {
    const code = (err as { code?: string }).code ?? "";
    const detail = /'([^']+)'/.exec((err as Error).message)?.[1] ?? (err as Error).message;
    throw new UsageError(PARSE_MESSAGES[code]?.(detail) ?? (err as Error).message);
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const option = issue.path.length > 0 ? `--${String(issue.path[0])}: ` : "";
      return `${option}${issue.message}`;
    });
    throw new UsageError(lines.join("\n"));
  }
  return parsed.data;
}

/** An amount in euros as a property manager types it ("550", "550,00", "1.234,50", "550.5") → cents. */
export const euroAmount = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich (in Euro, z. B. 550 oder 550,00).` })
    .trim()
    .transform((value, ctx) => {
      const normalized = /,\d{1,2}$/.test(value) ? value.replace(/\./g, "").replace(",", ".") : value;
      if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalized)) {
        ctx.addIssue({ code: "custom", message: `${label} muss ein Betrag in Euro sein (z. B. 550 oder 550,00).` });
        return z.NEVER;
      }
      return Math.round(Number(normalized) * 100);
    });

/**
 * An instant: ISO 8601 with offset ("2026-12-01T09:00:00Z", "…+01:00"), or a local Berlin
 * wall-clock time without offset ("2026-12-01T10:00", "2026-12-01 10:00").
 */
export const instantArgument = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich (z. B. 2026-12-01T10:00).` })
    .trim()
    .transform((value, ctx) => {
      const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})$/.exec(value);
      if (local && z.iso.date().safeParse(local[1]).success && Number(local[2]) < 24 && Number(local[3]) < 60) {
        return berlinToUtc(local[1]!, Number(local[2]), Number(local[3])).toISOString();
      }
      if (z.iso.datetime({ offset: true }).safeParse(value).success) return new Date(value).toISOString();
      ctx.addIssue({
        code: "custom",
        message: `${label} muss ein Zeitpunkt sein, z. B. 2026-12-01T10:00 (Berliner Zeit) oder 2026-12-01T09:00:00Z.`,
      });
      return z.NEVER;
    });

/** Optional text that must not be blank when given. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} darf nicht leer sein.` })
    .max(max, { error: `${label} darf höchstens ${max} Zeichen lang sein.` })
    .optional();
