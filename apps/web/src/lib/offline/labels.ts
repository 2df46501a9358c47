import { normalizePath } from "./ordering";
import { offlineTexts } from "./texts";
import type { StoredMultipart } from "./types";

export interface ChangeDescription {
  label: string;
  detail: string | null;
  /** Shown in the screen's list as 'wartet auf Synchronisierung'. */
  listed: boolean;
}

const DETAIL_MAX = 80;
const numberFormat = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 });

function shorten(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > DETAIL_MAX ? `${clean.slice(0, DETAIL_MAX - 1)}…` : clean;
}

function record(data: unknown): Record<string, unknown> {
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value : null;
}

function meterDetail(data: Record<string, unknown>): string | null {
  const t = offlineTexts.labels;
  const parts: string[] = [];
  const add = (label: string, value: unknown, unit: string) => {
    if (typeof value === "number" && Number.isFinite(value))
      parts.push(`${label} ${numberFormat.format(value)} ${unit}`);
  };
  add(t.water, data.waterReading, "m³");
  add(t.electricity, data.electricityReading, "kWh");
  add(t.heating, data.heatingReading, "kWh");
  return parts.length ? parts.join(", ") : null;
}

function multipartField(data: unknown, name: string): string | null {
  const fields = (data as StoredMultipart | null)?.fields ?? [];
  for (const [field, value] of fields) {
    if (field !== name) continue;
    return typeof value === "string" ? value : value.name;
  }
  return null;
}

/**
 * What a queued change is, in the tenant's words. Screens need no code for this: the method and
 * path say it. Unknown changes get a neutral label.
 */
export function describeChange(
  method: string,
  url: string,
  data: unknown,
  bodyKind: "json" | "multipart" | "none",
): ChangeDescription {
  const t = offlineTexts.labels;
  const segments = normalizePath(url).split("/").filter(Boolean);
  const [scope, collection, id, action] = segments;
  const verb = method.toUpperCase();
  const body = record(data);
  if (scope === "tenant") {
    if (collection === "repairs" && verb === "POST" && !id) {
      return {
        label: t.repair,
        detail: text(body.description) ? shorten(String(body.description)) : null,
        listed: true,
      };
    }
    if (collection === "meter-readings" && verb === "POST" && !id) {
      return { label: t.meterReadings, detail: meterDetail(body), listed: true };
    }
    if (collection === "documents" && verb === "POST" && !id) {
      const name =
        bodyKind === "multipart" ? (multipartField(data, "title") ?? multipartField(data, "file")) : text(body.title);
      return { label: t.document, detail: name ? shorten(name) : null, listed: true };
    }
    if (collection === "appointments" && verb === "POST" && !id) {
      return {
        label: t.appointmentRequest,
        detail: text(body.notes) ? shorten(String(body.notes)) : null,
        listed: true,
      };
    }
    if (collection === "appointments" && id && action === "status") {
      const label =
        body.status === "confirmed"
          ? t.appointmentConfirm
          : body.status === "canceled"
            ? t.appointmentCancel
            : t.appointmentStatus;
      return { label, detail: null, listed: true };
    }
    if (collection === "messages" && verb === "POST" && !id) {
      return { label: t.message, detail: text(body.subject) ? shorten(String(body.subject)) : null, listed: true };
    }
    if (collection === "messages" && id && action === "replies") {
      return { label: t.reply, detail: text(body.content) ? shorten(String(body.content)) : null, listed: true };
    }
    if (collection === "messages" && id && action === "read") {
      return { label: t.markRead, detail: null, listed: false };
    }
    // Issue 14 §4: "Betrifft mich auch" on an outage notice (features/notices).
    if (collection === "notices" && id && action === "affected") {
      return { label: t.noticeAffected, detail: null, listed: true };
    }
    if (collection === "preferences" && verb === "PUT" && typeof body.email_notifications === "boolean") {
      return { label: t.emailNotifications(body.email_notifications), detail: null, listed: true };
    }
  }
  return { label: t.generic, detail: `${verb} ${normalizePath(url)}`, listed: true };
}
