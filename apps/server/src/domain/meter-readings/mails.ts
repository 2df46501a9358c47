import { CAMPAIGN_METER_LABELS, type CampaignMeter } from "@mieter-portal/contracts";
import { germanDateOf } from "../../lib/time.js";
import type { CampaignRow } from "./campaign-queries.js";

/**
 * The meter-readings module's mail texts (subjects and lines, German): pure functions of their
 * data; the callers write them to the outbox (decision 037).
 */

function periodText(c: Pick<CampaignRow, "starts_on" | "ends_on">) {
  return `vom ${germanDateOf(c.starts_on)} bis zum ${germanDateOf(c.ends_on)}`;
}

function meterText(meter: CampaignMeter) {
  return meter === "all"
    ? "Ihre Zählerstände (Wasser, Strom, Heizung)"
    : `Ihren Zählerstand (${CAMPAIGN_METER_LABELS[meter]})`;
}

/** The start mail's subject and lines. */
export function campaignStartMail(c: Pick<CampaignRow, "starts_on" | "ends_on" | "meter" | "reason">) {
  return {
    subject: `Bitte Zählerstand melden bis ${germanDateOf(c.ends_on)}`,
    lines: [
      `bitte lesen Sie ${periodText(c)} ${meterText(c.meter)} ab und melden Sie ${c.meter === "all" ? "sie" : "ihn"} im Mieter-Portal unter „Zählerstände“${c.reason ? ` (Anlass: ${c.reason})` : ""}.`,
      "Ein Foto des Zählers hilft uns bei der Prüfung.",
    ],
  };
}

/** The reminder's subject and lines. */
export function campaignReminderMail(c: Pick<CampaignRow, "starts_on" | "ends_on" | "meter" | "reason">) {
  return {
    subject: `Erinnerung: Zählerstand bis ${germanDateOf(c.ends_on)} melden`,
    lines: [
      `von Ihnen fehlt noch ${c.meter === "all" ? "der Zählerstand (Wasser, Strom, Heizung)" : `der Zählerstand (${CAMPAIGN_METER_LABELS[c.meter]})`} für den Zeitraum ${periodText(c)}.`,
      `Bitte melden Sie ${c.meter === "all" ? "sie" : "ihn"} bis zum ${germanDateOf(c.ends_on)} im Mieter-Portal unter „Zählerstände“.`,
      "Fehlende Zählerstände müssen wir sonst anhand des bisherigen Verbrauchs schätzen.",
    ],
  };
}
