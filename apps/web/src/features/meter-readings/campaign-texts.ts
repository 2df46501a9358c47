import { CAMPAIGN_METER_LABELS, type CampaignMeter } from "@mieter-portal/contracts";

/** The dashboard card of a meter reading campaign (issue 14 §5). */
export const campaignTexts = {
  title: "Zählerstand ablesen",
  what: (meter: CampaignMeter, reason: string | null) =>
    `${meter === "all" ? "Alle Zähler (Wasser, Strom, Heizung)" : `Zähler ${CAMPAIGN_METER_LABELS[meter]}`}${reason ? ` – ${reason}` : ""}`,
  period: (from: string, to: string) => `Ablesezeitraum ${from} bis ${to}`,
  due: (to: string) => `Bitte melden Sie Ihren Zählerstand bis zum ${to}.`,
  sentBack: "Die Hausverwaltung bittet um eine neue Ablesung – bitte lesen Sie den Zähler noch einmal ab.",
  done: "Gemeldet – vielen Dank!",
  action: "Zählerstand melden",
};
