import { INVITATION_STATUS_LABELS, type InvitationStatus } from "@mieter-portal/contracts/staff";
import type { BadgeTone } from "@mieter-portal/ui/badge";

/** The invitation status as the tenant list and page show it. */
export const INVITATION_STATUS: Record<InvitationStatus, { label: string; tone: BadgeTone }> = {
  not_invited: { label: INVITATION_STATUS_LABELS.not_invited, tone: "neutral" },
  invited: { label: INVITATION_STATUS_LABELS.invited, tone: "warning" },
  active: { label: INVITATION_STATUS_LABELS.active, tone: "success" },
  expired: { label: INVITATION_STATUS_LABELS.expired, tone: "danger" },
};

/** "612,50", "1.234,5", "700" or "200.5" as euros; null when it is not an amount with at most two decimals. */
export function parseEuroInput(text: string): number | null {
  const t = text.trim().replace(/\s|€/g, "");
  let normalized: string | null = null;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t) || /^\d+(,\d{1,2})?$/.test(t)) {
    normalized = t.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+(\.\d{1,2})?$/.test(t)) {
    normalized = t;
  }
  return normalized === null ? null : Math.round(Number(normalized) * 100) / 100;
}

/** parseEuroInput with a sign ("-50,00", "−50"): the balance carried over, negative for credit. */
export function parseSignedEuroInput(text: string): number | null {
  const t = text.trim().replace(/\u2212/g, "-");
  const negative = t.startsWith("-");
  const value = parseEuroInput(negative ? t.slice(1) : t);
  return value === null ? null : negative ? -value : value;
}

/** Saves a blob under a file name (the invitation letter). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
