import {
  type EmergencyType,
  emergencyType,
  type NoticeKind,
  noticeKind,
  outageWindowProblems,
} from "@mieter-portal/contracts";
import {
  NOTICE_MESSAGES,
  type StaffNotice,
  type StaffNoticeCreateRequest,
  type StaffNoticeUpdateRequest,
  staffNoticeCreateRequest,
  staffNoticeUpdateRequest,
} from "@mieter-portal/contracts/staff";
import { z } from "zod";
import { berlinDate, berlinInstant, berlinTime } from "@/lib/berlin-time";

/**
 * The notice form's values as the inputs hold them, named as the request's fields; times are
 * Berlin wall-clock "YYYY-MM-DDTHH:mm", "" for none.
 */
export interface NoticeFormValues {
  /** A building's id, or "all" for every building (Administrators). */
  building_id: string;
  title: string;
  text: string;
  kind: NoticeKind;
  emergency_type: EmergencyType | "";
  valid_from: string;
  /** Empty: until further notice. */
  valid_until: string;
  /** The outage's window (issue 25 item 21): required for a Störung, optional (both or neither) otherwise. */
  outage_from: string;
  outage_until: string;
}

/** An instant as the value of a datetime-local input, in Berlin time. */
export function toLocalInput(instant: string | Date): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  return `${berlinDate(date)}T${berlinTime(date)}`;
}

/** A datetime-local value (Berlin wall clock) as a UTC instant; null when empty or malformed. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!match) return null;
  return berlinInstant(match[1]!, match[2]!).toISOString();
}

export function initialValues(notice?: StaffNotice, buildingId = "", now = new Date()): NoticeFormValues {
  if (!notice) {
    return {
      building_id: buildingId,
      title: "",
      text: "",
      kind: "information",
      emergency_type: "",
      valid_from: toLocalInput(now),
      valid_until: "",
      outage_from: "",
      outage_until: "",
    };
  }
  return {
    building_id: notice.building?.id ?? "all",
    title: notice.title,
    text: notice.text,
    kind: notice.kind,
    emergency_type: notice.emergency_type ?? "",
    valid_from: toLocalInput(notice.valid_from),
    valid_until: notice.valid_until ? toLocalInput(notice.valid_until) : "",
    outage_from: notice.outage_from ? toLocalInput(notice.outage_from) : "",
    outage_until: notice.outage_until ? toLocalInput(notice.outage_until) : "",
  };
}

/** What POST /staff/notices gets, before the contracts' schema checks it. */
export function createRequest(values: NoticeFormValues): Record<keyof StaffNoticeCreateRequest, unknown> {
  return {
    building_id: values.building_id === "all" ? null : values.building_id || undefined,
    title: values.title,
    text: values.text,
    kind: values.kind,
    emergency_type: values.kind === "emergency" ? values.emergency_type || null : null,
    valid_from: fromLocalInput(values.valid_from) ?? undefined,
    valid_until: fromLocalInput(values.valid_until),
    outage_from: fromLocalInput(values.outage_from),
    outage_until: fromLocalInput(values.outage_until),
  };
}

/**
 * What PATCH /staff/notices/{id} gets: only what changed, so an unchanged start does not move to
 * the minute the form shows (the form has no seconds).
 */
export function updateRequest(notice: StaffNotice, values: NoticeFormValues): StaffNoticeUpdateRequest {
  const before = initialValues(notice);
  const changes: StaffNoticeUpdateRequest = {};
  if (values.title !== before.title) changes.title = values.title;
  if (values.text !== before.text) changes.text = values.text;
  if (values.kind !== before.kind) changes.kind = values.kind;
  if (values.kind !== before.kind || values.emergency_type !== before.emergency_type) {
    changes.emergency_type = values.kind === "emergency" ? values.emergency_type || null : null;
  }
  if (values.valid_from !== before.valid_from) changes.valid_from = fromLocalInput(values.valid_from) ?? undefined;
  if (values.valid_until !== before.valid_until) changes.valid_until = fromLocalInput(values.valid_until);
  if (values.outage_from !== before.outage_from) changes.outage_from = fromLocalInput(values.outage_from);
  if (values.outage_until !== before.outage_until) changes.outage_until = fromLocalInput(values.outage_until);
  return changes;
}

/**
 * The window's problems as field errors, judged on the whole form (also when editing, where the
 * request carries only what changed): a Störung needs both ends, the end after the start, and the
 * notice shown at least until the outage's end. Empty when all is well.
 */
export function outageWindowErrors(values: NoticeFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const problems = outageWindowProblems({
    kind: values.kind,
    outage_from: fromLocalInput(values.outage_from),
    outage_until: fromLocalInput(values.outage_until),
    valid_until: fromLocalInput(values.valid_until),
  });
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

const formShape = {
  building_id: z.string(),
  title: z.string(),
  text: z.string(),
  kind: noticeKind,
  emergency_type: z.union([z.literal(""), emergencyType]),
  valid_from: z.string(),
  valid_until: z.string(),
  outage_from: z.string(),
  outage_until: z.string(),
};

/**
 * The form's texts as the contracts' request (all of it for a new notice, what changed for an
 * edit), with every field's message at once: the contracts' own, "Bitte wählen Sie ein Gebäude."
 * for no choice, and the outage window judged on the whole form (zod's refinements do not run
 * while a field fails, and an edit's request holds only what changed).
 */
export function noticeSchema(notice?: StaffNotice) {
  return z.object(formShape).transform((values: NoticeFormValues, ctx) => {
    const result = notice
      ? staffNoticeUpdateRequest.safeParse(updateRequest(notice, values))
      : staffNoticeCreateRequest.safeParse(createRequest(values));
    const errors: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) errors[String(issue.path[0] ?? "root")] ??= issue.message;
    if (!notice && !values.building_id) errors.building_id = "Bitte wählen Sie ein Gebäude.";
    if (values.kind === "emergency" && !values.emergency_type) {
      errors.emergency_type ??= NOTICE_MESSAGES.emergencyTypeMissing;
    }
    for (const [field, message] of Object.entries(outageWindowErrors(values))) errors[field] ??= message;
    if (result.success && Object.keys(errors).length === 0) return result.data;
    for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", message, path: [field] });
    return z.NEVER;
  });
}
