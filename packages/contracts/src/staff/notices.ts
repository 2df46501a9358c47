import { z } from "zod";
import { LIMITS, requiredText } from "../common.js";
import { emergencyType, noticeKind } from "../notices.js";
import { outageWindowProblems } from "../outage-window.js";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGINATION_MESSAGES } from "../pagination.js";
import { personRef, tenantRef } from "./items.js";

/**
 * Notices (Aushänge, issue 14 §4) in the console: Administrators and Verwalter write them (for one
 * of their buildings; for all buildings only Administrators), every staff member reads them.
 */

/** scheduled: valid_from is still ahead; current: shown to tenants now; ended: valid_until has passed. */
export const noticeStatus = z.enum(["scheduled", "current", "ended"], { error: "Unbekannter Status." });
export type NoticeStatus = z.infer<typeof noticeStatus>;
export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = {
  scheduled: "Geplant",
  current: "Aktuell",
  ended: "Beendet",
};

export const staffNotice = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  kind: noticeKind,
  emergency_type: emergencyType.nullable(),
  /** null: a notice for every building. */
  building: z.object({ id: z.string(), name: z.string() }).nullable(),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  /** When the outage itself runs (issue 25 item 21); null when the notice has no window. */
  outage_from: z.string().nullable(),
  outage_until: z.string().nullable(),
  status: noticeStatus,
  created_at: z.string(),
  updated_at: z.string(),
  created_by: personRef.nullable(),
  /** When the emergency mails were recorded (once per notice); null for information notices. */
  mailed_at: z.string().nullable(),
  /** Tenants who answered "Betrifft mich auch" (of the buildings the staff member sees). */
  affected_count: z.number().int(),
});
export type StaffNotice = z.infer<typeof staffNotice>;

/** One notice with the tenants who answered "Betrifft mich auch", first answer first. */
export const staffNoticeDetail = staffNotice.extend({
  affected: z.array(z.object({ tenant: tenantRef, at: z.string() })),
});
export type StaffNoticeDetail = z.infer<typeof staffNoticeDetail>;

export const staffNoticePage = z.object({ items: z.array(staffNotice), next_cursor: z.string().nullable() });

const noticeInstant = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: `${label}: bitte Datum und Uhrzeit mit Zeitzone angeben (z. B. 2026-12-01T08:00:00+01:00).`,
  });

const NOTICE_TEXT_MAX = LIMITS.messageMax;
export const NOTICE_MESSAGES = {
  building: "Bitte wählen Sie ein Gebäude oder „Alle Gebäude“ (null).",
  emergencyTypeMissing: "Bitte wählen Sie die Art der Störung.",
  emergencyTypeOnlyForEmergency: "Eine Art der Störung gibt es nur bei Störungen.",
  untilAfterFrom: "Das Ende muss nach dem Beginn liegen.",
} as const;

const noticeFields = {
  title: requiredText(LIMITS.titleMax, "Der Titel"),
  text: requiredText(NOTICE_TEXT_MAX, "Der Text"),
  kind: noticeKind,
  emergency_type: emergencyType.nullable().optional(),
  valid_from: noticeInstant("Gültig ab"),
  valid_until: noticeInstant("Gültig bis").nullable().optional(),
  outage_from: noticeInstant("Störung von").nullable().optional(),
  outage_until: noticeInstant("Störung bis").nullable().optional(),
};

const untilAfterFrom = (v: { valid_from?: string | undefined; valid_until?: string | null | undefined }) =>
  !v.valid_from || !v.valid_until || Date.parse(v.valid_until) > Date.parse(v.valid_from);

/** Reports outageWindowProblems (contracts' outage-window.ts) as issues on their fields. */
const checkOutageWindow =
  (change: boolean) => (v: Parameters<typeof outageWindowProblems>[0], ctx: z.RefinementCtx) => {
    for (const problem of outageWindowProblems(v, change)) {
      ctx.addIssue({ code: "custom", message: problem.message, path: [problem.field], input: v });
    }
  };

/**
 * A new notice: building_id is required, null meaning every building (Administrators only).
 * valid_from defaults to now; valid_until null or absent means until further notice. An outage
 * ("Störung") needs its window (outage_from, outage_until), an information notice may have one.
 */
export const staffNoticeCreateRequest = z
  .object({
    building_id: z.uuid({ error: NOTICE_MESSAGES.building }).nullable(),
    ...noticeFields,
    valid_from: noticeFields.valid_from.optional(),
  })
  .refine((v) => v.kind !== "emergency" || !!v.emergency_type, {
    error: NOTICE_MESSAGES.emergencyTypeMissing,
    path: ["emergency_type"],
  })
  .refine((v) => v.kind !== "information" || !v.emergency_type, {
    error: NOTICE_MESSAGES.emergencyTypeOnlyForEmergency,
    path: ["emergency_type"],
  })
  .refine(untilAfterFrom, { error: NOTICE_MESSAGES.untilAfterFrom, path: ["valid_until"] })
  .superRefine(checkOutageWindow(false));
export type StaffNoticeCreateRequest = z.infer<typeof staffNoticeCreateRequest>;

/**
 * A change: only the fields given change; the building stays (publish a new notice for another).
 * outage_from/outage_until null clear the window (information notices only: the server checks
 * the notice as it would be).
 */
export const staffNoticeUpdateRequest = z
  .object({
    title: noticeFields.title.optional(),
    text: noticeFields.text.optional(),
    kind: noticeKind.optional(),
    emergency_type: noticeFields.emergency_type,
    valid_from: noticeFields.valid_from.optional(),
    valid_until: noticeFields.valid_until,
    outage_from: noticeFields.outage_from,
    outage_until: noticeFields.outage_until,
  })
  .refine(untilAfterFrom, { error: NOTICE_MESSAGES.untilAfterFrom, path: ["valid_until"] })
  .superRefine(checkOutageWindow(true));
export type StaffNoticeUpdateRequest = z.infer<typeof staffNoticeUpdateRequest>;

const limitError = { error: PAGINATION_MESSAGES.limit };

export const staffNoticesQuery = z.object({
  /** A building's notices, or "all" for the notices to every building; absent: everything I see. */
  building: z.union([z.literal("all"), z.uuid()], { error: "Unbekanntes Gebäude." }).optional(),
  status: noticeStatus.optional(),
  cursor: z.string({ error: PAGINATION_MESSAGES.cursor }).max(256, { error: PAGINATION_MESSAGES.cursor }).optional(),
  limit: z.coerce
    .number(limitError)
    .int(limitError)
    .min(1, limitError)
    .max(PAGE_SIZE_MAX, limitError)
    .default(PAGE_SIZE_DEFAULT),
});
export type StaffNoticesQuery = z.infer<typeof staffNoticesQuery>;

/** Whom an emergency notice would mail now: a building's tenants, or ("all") every building's. */
export const staffNoticeRecipientsQuery = z.object({
  building: z.union([z.literal("all"), z.uuid()], { error: "Bitte wählen Sie ein Gebäude." }),
});
/** How many tenants of the audience get the mail (e-mail on): the console asks „An 24 Mieter senden?“. */
export const staffNoticeRecipients = z.object({ recipients: z.number().int() });
export type StaffNoticeRecipients = z.infer<typeof staffNoticeRecipients>;
