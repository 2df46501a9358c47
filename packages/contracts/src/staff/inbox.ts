import { z } from "zod";
import { PAGE_SIZE_MAX } from "../pagination.js";

/**
 * The inbox ("Eingang"): one list of everything that waits for the management. Each open item
 * is one row, written in the same transaction as the change that opened, moved or closed it.
 */
export const inboxKind = z.enum(["repair", "message", "appointment", "meter_reading", "service_missed"], {
  error: "Unbekannte Art.",
});
export type InboxKind = z.infer<typeof inboxKind>;

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  repair: "Reparatur",
  message: "Nachricht",
  appointment: "Terminanfrage",
  meter_reading: "Zählerstand",
  service_missed: "Einsatz verpasst",
};

/** new: nobody has answered yet; in_progress: answered, still open (repairs under way). */
export const inboxState = z.enum(["new", "in_progress"], { error: "Unbekannter Status." });
export type InboxState = z.infer<typeof inboxState>;
/**
 * What the inbox badge says. Not a repair's status (REPAIR_STATUS_LABELS): "answered" covers a
 * repair the tenant sees as "Termin geplant" just as one "In Bearbeitung" (issue 25 §11).
 */
export const INBOX_STATE_LABELS: Record<InboxState, string> = { new: "Neu", in_progress: "Beantwortet" };

/** An item's screen in the console, below its basename /verwaltung (the inbox list links there, a push opens it). */
export function inboxItemPath(kind: InboxKind, id: string): string {
  switch (kind) {
    case "repair":
      return `/reparaturen/${id}`;
    case "message":
      return `/nachrichten/${id}`;
    case "appointment":
      return `/termine/${id}`;
    case "meter_reading":
      return `/zaehlerstaende/${id}`;
    case "service_missed":
      return `/hausdienste/verpasst/${id}`;
  }
}

/** The inbox's address as the staff digest mail links to it (the console lives under /verwaltung). */
export const STAFF_INBOX_PATH = "/verwaltung/eingang";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Due times (docs/decisions/010-inbox-due-times.md): a repair's first answer is due within the
 * handling time the FAQ promises for its urgency (emergency 24 h, high 3 days, medium 2 weeks,
 * low 4 weeks); once answered, it is due on its planned date, else at the end of that window.
 * Messages are due 24 clock hours after the tenant's first unanswered message (the contact page
 * promises an answer within 24 hours); appointment requests 24 hours after they were made, or
 * the start of the requested day if that is sooner; a lower-than-last meter reading in 7 days.
 */
export const REPAIR_RESPONSE_MS: Record<"emergency" | "high" | "medium" | "low", number> = {
  emergency: DAY,
  high: 3 * DAY,
  medium: 14 * DAY,
  low: 28 * DAY,
};
export const MESSAGE_REPLY_MS = DAY;
export const APPOINTMENT_ANSWER_MS = DAY;
export const METER_REVIEW_MS = 7 * DAY;

export const inboxQuery = z.object({
  kind: inboxKind.optional(),
  building: z.uuid({ error: "Unbekanntes Gebäude." }).optional(),
  state: inboxState.optional(),
  /** "me": assigned to me; "none": nobody; a staff id: that person. */
  assignee: z.union([z.enum(["me", "none"]), z.uuid()], { error: "Unbekannte Zuständigkeit." }).optional(),
  overdue: z.enum(["true", "false"], { error: "overdue muss true oder false sein." }).optional(),
  limit: z.coerce
    .number({ error: `limit muss eine Zahl von 1 bis ${PAGE_SIZE_MAX} sein.` })
    .int()
    .min(1)
    .max(PAGE_SIZE_MAX, { error: `limit muss eine Zahl von 1 bis ${PAGE_SIZE_MAX} sein.` })
    .default(50),
  cursor: z
    .string()
    .max(256)
    .regex(/^[A-Za-z0-9_-]+$/, { error: "Die Angabe zur nächsten Seite ist ungültig." })
    .optional(),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const inboxItem = z.object({
  /** The item's own id: the repair, thread, appointment or meter reading. */
  id: z.string(),
  kind: inboxKind,
  state: inboxState,
  title: z.string(),
  /** null for a repair of the building's common areas (issue 25 §16). */
  tenant: z.object({ id: z.string(), name: z.string() }).nullable(),
  building: z.object({ id: z.string(), name: z.string() }).nullable(),
  unit: z.string().nullable(),
  created_at: z.string(),
  due_at: z.string(),
  overdue: z.boolean(),
  urgency: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxCounts = z.object({
  all: z.number().int(),
  overdue: z.number().int(),
  mine: z.number().int(),
  unassigned: z.number().int(),
  by_kind: z.record(z.string(), z.number().int()),
});
export type InboxCounts = z.infer<typeof inboxCounts>;

export const inboxPage = z.object({
  items: z.array(inboxItem),
  next_cursor: z.string().nullable(),
  counts: inboxCounts,
});
export type InboxPage = z.infer<typeof inboxPage>;

export const assignRequest = z.object({
  /** null takes the item off everyone. */
  assignee_id: z.uuid({ error: "Unbekannte Person." }).nullable(),
});
