import { z } from "zod";

/**
 * Web Push for tenants and staff (issue 29). A device's browser subscribes with the server's VAPID
 * public key and sends its subscription here; the server then pushes chosen events to it. What a
 * push shows on the lock screen carries only the kind of event and the building, never a name, a
 * subject or a message text.
 */

/** The largest endpoint URL accepted (the push services' are well under 1,000 characters). */
export const PUSH_ENDPOINT_MAX = 2048;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The browser's PushSubscription.toJSON(): endpoint, expirationTime and the two keys. */
export const pushSubscriptionRequest = z.object({
  endpoint: z
    .string({ error: "Bitte die Push-Adresse des Geräts angeben." })
    .max(PUSH_ENDPOINT_MAX, { error: `Die Push-Adresse darf höchstens ${PUSH_ENDPOINT_MAX} Zeichen lang sein.` })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
        } catch {
          return false;
        }
      },
      { error: "Die Push-Adresse muss eine https-Adresse sein. Bitte Push auf diesem Gerät neu einschalten." },
    ),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, 87 characters of unpadded base64url (RFC 8291 §3.1).
      p256dh: z
        .string({ error: "Der Geräteschlüssel (p256dh) fehlt." })
        .transform((value) => value.replace(/=+$/, ""))
        .pipe(
          z
            .string()
            .length(87, { error: "Der Geräteschlüssel (p256dh) muss 65 Byte lang sein (87 Zeichen base64url)." })
            .regex(BASE64URL, { error: "Der Geräteschlüssel (p256dh) muss base64url-kodiert sein." })
            .startsWith("B", { error: "Der Geräteschlüssel (p256dh) ist kein unkomprimierter P-256-Punkt." }),
        ),
      // The authentication secret: 16 bytes, 22 characters of unpadded base64url (RFC 8291 §3.2).
      auth: z
        .string({ error: "Das Geräte-Geheimnis (auth) fehlt." })
        .transform((value) => value.replace(/=+$/, ""))
        .pipe(
          z
            .string()
            .length(22, { error: "Das Geräte-Geheimnis (auth) muss 16 Byte lang sein (22 Zeichen base64url)." })
            .regex(BASE64URL, { error: "Das Geräte-Geheimnis (auth) muss base64url-kodiert sein." }),
        ),
    },
    { error: "Die Schlüssel des Geräts (keys.p256dh, keys.auth) fehlen." },
  ),
  /** A name for the device list ("iPhone", "Chrome auf Windows"); the app derives it, the person may not see it. */
  label: z.string().trim().max(100, { error: "Der Gerätename darf höchstens 100 Zeichen lang sein." }).optional(),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** One subscribed device of the signed-in person. */
export const pushDevice = z.object({
  id: z.string(),
  label: z.string(),
  created_at: z.string(),
  /** When the device last renewed its subscription (every app start). */
  last_seen_at: z.string(),
});
export type PushDevice = z.infer<typeof pushDevice>;

export const pushDeviceList = z.object({ devices: z.array(pushDevice) });
export type PushDeviceList = z.infer<typeof pushDeviceList>;

/** The server's VAPID public key: the applicationServerKey of pushManager.subscribe(). */
export const vapidPublicKeyAnswer = z.object({
  /** Uncompressed P-256 point, unpadded base64url. */
  public_key: z.string(),
});
export type VapidPublicKeyAnswer = z.infer<typeof vapidPublicKeyAnswer>;

// ---- tenants: per event, e-mail and/or push ----

/** The tenant's events, in the order the settings list them (notices and outages first). */
export const TENANT_NOTIFY_EVENTS = [
  "notice",
  "message_reply",
  "repair_status",
  "appointment",
  "document",
  "meter_reading",
  "house_service",
] as const;
export const tenantNotifyEvent = z.enum(TENANT_NOTIFY_EVENTS);
export type TenantNotifyEvent = z.infer<typeof tenantNotifyEvent>;

export const TENANT_NOTIFY_EVENT_LABELS: Record<TenantNotifyEvent, string> = {
  notice: "Aushänge und Störungen",
  message_reply: "Antworten auf Nachrichten",
  repair_status: "Reparaturen: Status und Termine",
  appointment: "Terminvorschläge und Bestätigungen",
  document: "Neue Dokumente",
  meter_reading: "Zählerstände: Aufforderungen und Erinnerungen",
  house_service: "Haus- und Gartendienste",
};

export const notifyChannels = z.object({
  email: z.boolean({ error: "Bitte ja oder nein angeben." }),
  push: z.boolean({ error: "Bitte ja oder nein angeben." }),
});
export type NotifyChannels = z.infer<typeof notifyChannels>;

/**
 * What a tenant gets without having chosen: every event by e-mail (as before push existed), and by
 * push what is worth a buzz — outages, answers, repairs, appointments; documents, meter readings and
 * house services only by e-mail.
 */
export const TENANT_NOTIFY_DEFAULTS: Record<TenantNotifyEvent, NotifyChannels> = {
  notice: { email: true, push: true },
  message_reply: { email: true, push: true },
  repair_status: { email: true, push: true },
  appointment: { email: true, push: true },
  document: { email: true, push: false },
  meter_reading: { email: true, push: false },
  house_service: { email: true, push: false },
};

export const tenantNotifyPreferences = z.object({
  events: z.object(
    Object.fromEntries(TENANT_NOTIFY_EVENTS.map((event) => [event, notifyChannels])) as Record<
      TenantNotifyEvent,
      typeof notifyChannels
    >,
  ),
});
export type TenantNotifyPreferences = z.infer<typeof tenantNotifyPreferences>;

/** A change: only the events and channels named (an offline queue replays it as it was made). */
export const tenantNotifyPreferencesUpdate = z.object({
  events: z
    .partialRecord(tenantNotifyEvent, notifyChannels.partial(), { error: "Unbekannte Benachrichtigungsart." })
    .refine((events) => Object.keys(events).length > 0, { error: "Bitte mindestens eine Einstellung ändern." }),
});
export type TenantNotifyPreferencesUpdate = z.infer<typeof tenantNotifyPreferencesUpdate>;

// ---- staff: push beside the 15-minute digest ----

export const STAFF_PUSH_EVENTS = ["emergency_repair", "service_missing", "assigned_to_me", "overdue"] as const;
export const staffPushEvent = z.enum(STAFF_PUSH_EVENTS);
export type StaffPushEvent = z.infer<typeof staffPushEvent>;

export const STAFF_PUSH_EVENT_LABELS: Record<StaffPushEvent, string> = {
  emergency_repair: "Neue Notfall-Reparaturen in meinen Gebäuden",
  service_missing: "„Leistung fehlt“ in meinen Gebäuden",
  assigned_to_me: "Mir zugewiesene Einträge",
  overdue: "Überfällige Einträge",
};

export const STAFF_PUSH_DEFAULTS: Record<StaffPushEvent, boolean> = {
  emergency_repair: true,
  service_missing: true,
  assigned_to_me: true,
  overdue: false,
};

export const staffPushPreferences = z.object({
  events: z.object(
    Object.fromEntries(
      STAFF_PUSH_EVENTS.map((event) => [event, z.boolean({ error: "Bitte ja oder nein angeben." })]),
    ) as Record<StaffPushEvent, z.ZodBoolean>,
  ),
});
export type StaffPushPreferences = z.infer<typeof staffPushPreferences>;

export const staffPushPreferencesUpdate = z.object({
  events: z
    .partialRecord(staffPushEvent, z.boolean({ error: "Bitte ja oder nein angeben." }), {
      error: "Unbekannte Benachrichtigungsart.",
    })
    .refine((events) => Object.keys(events).length > 0, { error: "Bitte mindestens eine Einstellung ändern." }),
});
export type StaffPushPreferencesUpdate = z.infer<typeof staffPushPreferencesUpdate>;

// ---- what a push carries ----

/**
 * The decrypted payload of every push: the declarative Web Push form (W3C Push API "declarative
 * push message", Safari 18.4+: `web_push: 8030`, shown by the browser itself when no service worker
 * handles it) with `mutable: true`, so a service worker may show it its own way. `notification.data`
 * carries what the app needs: the event's kind, the building's short name and the path to open.
 */
export const pushPayload = z.object({
  web_push: z.literal(8030),
  mutable: z.literal(true),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    /** Absolute URL of the screen to open on a click. */
    navigate: z.string(),
    lang: z.literal("de-DE"),
    dir: z.literal("ltr"),
    /** The event's id: a second delivery of the same event replaces the first on the device. */
    tag: z.string(),
    silent: z.literal(false),
    data: z.object({
      kind: z.union([tenantNotifyEvent, staffPushEvent]),
      building: z.string().nullable(),
      /** The path in the app, e.g. /messages/<id>. */
      path: z.string(),
      event_id: z.string(),
    }),
  }),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** Every event a push can be about. */
export type PushEventKind = TenantNotifyEvent | StaffPushEvent;

/** RFC 8030 §5.3 Urgency. */
export type PushUrgency = "very-low" | "low" | "normal" | "high";

/**
 * One push to one device: pending until sent; gone when the push service said the subscription is
 * no more (404/410, the device is removed); failed after the last retry; expired when its TTL passed
 * before it could be sent.
 */
export const PUSH_DELIVERY_STATES = ["pending", "sent", "gone", "failed", "expired"] as const;
export type PushDeliveryState = (typeof PUSH_DELIVERY_STATES)[number];

/** The Administrators' delivery view: what happened to the pushes of the last days, and the devices. */
export const pushDeliveryOverview = z.object({
  since: z.string(),
  counts: z.object(
    Object.fromEntries(PUSH_DELIVERY_STATES.map((state) => [state, z.number().int()])) as Record<
      PushDeliveryState,
      z.ZodNumber
    >,
  ),
  devices: z.object({ tenant: z.number().int(), staff: z.number().int() }),
  /** The newest failed, retried or given-up pushes (no endpoint, no person: kind, state and error). */
  problems: z.array(
    z.object({
      id: z.string(),
      kind: z.union([tenantNotifyEvent, staffPushEvent]),
      state: z.enum(PUSH_DELIVERY_STATES),
      attempts: z.number().int(),
      last_status: z.number().int().nullable(),
      last_error: z.string().nullable(),
      created_at: z.string(),
      next_attempt_at: z.string().nullable(),
    }),
  ),
});
export type PushDeliveryOverview = z.infer<typeof pushDeliveryOverview>;

/**
 * A name for the device list from the browser's User-Agent ("iPhone", "Chrome auf Android"): the
 * app sends it when it subscribes; the server derives it the same way when a request has none.
 */
export function deviceLabelOf(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  if (system === "iPhone" || system === "iPad") return system;
  if (browser && system) return `${browser} auf ${system}`;
  return browser ?? system ?? "Unbekanntes Gerät";
}
