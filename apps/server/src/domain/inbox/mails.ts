import type { InboxKind } from "@mieter-portal/contracts/staff";
import type { MailContext } from "../notifications/notify.js";

/**
 * The inbox module's mail texts (German): pure functions of their data; the callers write them to
 * the outbox (decision 037).
 */

/** Where the item opens in the console (apps/console/src/config/paths.ts). */
const CONSOLE_PATH: Record<InboxKind, string> = {
  repair: "reparaturen",
  message: "nachrichten",
  appointment: "termine",
  meter_reading: "zaehlerstaende",
  service_missed: "hausdienste/verpasst",
};

const KIND_WORDS: Record<InboxKind, string> = {
  repair: "die Reparatur",
  message: "die Nachricht",
  appointment: "die Terminanfrage",
  meter_reading: "den Zählerstand",
  service_missed: "den verpassten Einsatz",
};

/** The mail that tells a staff member a colleague assigned an item to them (issue 25 §13). */
export function assignedMail(
  mail: MailContext,
  staffName: string,
  actorName: string,
  item: { kind: InboxKind; itemId: string; title: string },
): { subject: string; body: string } {
  return {
    subject: `${mail.company}: Ihnen wurde etwas zugewiesen`,
    body: [
      `Guten Tag ${staffName},`,
      "",
      `${actorName} hat Ihnen ${KIND_WORDS[item.kind]} „${item.title}“ zugewiesen.`,
      "",
      `Öffnen: ${mail.publicUrl}/verwaltung/${CONSOLE_PATH[item.kind]}/${item.itemId}`,
      "",
      "Abschalten können Sie diese E-Mails in der Verwaltung unter Profil → Benachrichtigungen.",
    ].join("\n"),
  };
}
