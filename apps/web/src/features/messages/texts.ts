export const messageTexts = {
  latest: "Neueste Nachrichten",
  reply: "Antworten",
  viewAll: "Alle ansehen",
  empty: "Keine Nachrichten vorhanden",
  from: "Von",
  replyTo: (sender: string) => `Antworten an ${sender}`,
} as const;

/** Spec section 9: 2 messages on the dashboard, preview of 120 characters. */
export const DASHBOARD_MESSAGE_COUNT = 2;
export const MESSAGE_PREVIEW_LENGTH = 120;
