import { z } from "zod";

/**
 * Notices (Aushänge, issue 14 §4): the management's announcements for one building or for all.
 * An emergency notice (an outage) also goes out by e-mail at once, and a tenant may answer
 * "Betrifft mich auch" on it instead of reporting the same defect again.
 */
export const noticeKind = z.enum(["information", "emergency"], { error: "Bitte wählen Sie Information oder Störung." });
export type NoticeKind = z.infer<typeof noticeKind>;

export const emergencyType = z.enum(["water_outage", "heating_failure", "lift_out_of_order", "other"], {
  error: "Bitte wählen Sie die Art der Störung.",
});
export type EmergencyType = z.infer<typeof emergencyType>;

export const EMERGENCY_TYPE_LABELS: Record<EmergencyType, string> = {
  water_outage: "Wasserausfall",
  heating_failure: "Heizungsausfall",
  lift_out_of_order: "Aufzug außer Betrieb",
  other: "Störung",
};

/** A current notice as the tenant sees it (GET /tenant/notices), newest first. */
export const tenantNotice = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  kind: noticeKind,
  /** Set for emergency notices only. */
  emergency_type: emergencyType.nullable(),
  valid_from: z.string(),
  /** null: until further notice. */
  valid_until: z.string().nullable(),
  /**
   * When the outage itself runs (issue 25 item 21): set on every emergency notice published since,
   * optional on information notices; null when there is none. Validity still decides visibility.
   */
  outage_from: z.string().nullable(),
  outage_until: z.string().nullable(),
  /** true for a notice to every building, false for the tenant's own building. */
  for_all_buildings: z.boolean(),
  /** The tenant answered "Betrifft mich auch" (emergency notices only). */
  affected: z.boolean(),
});
export type TenantNotice = z.infer<typeof tenantNotice>;
export const tenantNoticeList = z.array(tenantNotice);
