import { type EmergencyType, type NoticeKind, outageWindowProblems } from "@mieter-portal/contracts";
import type { StaffNotice, StaffNoticeCreateRequest, StaffNoticeUpdateRequest } from "@mieter-portal/contracts/staff";
import { berlinDate, berlinInstant, berlinTime } from "@/lib/berlin-time";

/** The notice form's values as the inputs hold them; times are Berlin wall-clock "YYYY-MM-DDTHH:mm". */
export interface NoticeFormValues {
  /** A building's id, or "all" for every building (Administrators). */
  building: string;
  title: string;
  text: string;
  kind: NoticeKind;
  emergencyType: EmergencyType | "";
  validFrom: string;
  /** Empty: until further notice. */
  validUntil: string;
  /** The outage's window (issue 25 item 21): required for a Störung, optional (both or neither) otherwise. */
  outageFrom: string;
  outageUntil: string;
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
      building: buildingId,
      title: "",
      text: "",
      kind: "information",
      emergencyType: "",
      validFrom: toLocalInput(now),
      validUntil: "",
      outageFrom: "",
      outageUntil: "",
    };
  }
  return {
    building: notice.building?.id ?? "all",
    title: notice.title,
    text: notice.text,
    kind: notice.kind,
    emergencyType: notice.emergency_type ?? "",
    validFrom: toLocalInput(notice.valid_from),
    validUntil: notice.valid_until ? toLocalInput(notice.valid_until) : "",
    outageFrom: notice.outage_from ? toLocalInput(notice.outage_from) : "",
    outageUntil: notice.outage_until ? toLocalInput(notice.outage_until) : "",
  };
}

/** What POST /staff/notices gets (checked by the contracts' schema before it is sent). */
export function createRequest(values: NoticeFormValues): Record<keyof StaffNoticeCreateRequest, unknown> {
  return {
    building_id: values.building === "all" ? null : values.building || undefined,
    title: values.title,
    text: values.text,
    kind: values.kind,
    emergency_type: values.kind === "emergency" ? values.emergencyType || null : null,
    valid_from: fromLocalInput(values.validFrom) ?? undefined,
    valid_until: fromLocalInput(values.validUntil),
    outage_from: fromLocalInput(values.outageFrom),
    outage_until: fromLocalInput(values.outageUntil),
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
  if (values.kind !== before.kind || values.emergencyType !== before.emergencyType) {
    changes.emergency_type = values.kind === "emergency" ? (values.emergencyType as EmergencyType) || null : null;
  }
  if (values.validFrom !== before.validFrom) changes.valid_from = fromLocalInput(values.validFrom) ?? undefined;
  if (values.validUntil !== before.validUntil) changes.valid_until = fromLocalInput(values.validUntil);
  if (values.outageFrom !== before.outageFrom) changes.outage_from = fromLocalInput(values.outageFrom);
  if (values.outageUntil !== before.outageUntil) changes.outage_until = fromLocalInput(values.outageUntil);
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
    outage_from: fromLocalInput(values.outageFrom),
    outage_until: fromLocalInput(values.outageUntil),
    valid_until: fromLocalInput(values.validUntil),
  });
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}
