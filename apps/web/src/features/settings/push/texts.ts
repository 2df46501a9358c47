import {
  TENANT_NOTIFY_EVENT_LABELS,
  TENANT_NOTIFY_EVENTS,
  type TenantNotifyPreferencesUpdate,
} from "@mieter-portal/contracts";

export const pushTexts = {
  title: "Push auf diesem Gerät",
  intro:
    "Mitteilungen erscheinen auf diesem Gerät, auch wenn das Mieter-Portal geschlossen ist. Auf dem Sperrbildschirm stehen nur die Art der Nachricht und das Haus.",
  enable: "Push einschalten",
  enabling: "Wird eingeschaltet...",
  state: {
    active: "Aktiv auf diesem Gerät",
    off: "Nicht eingeschaltet",
    blocked: "Blockiert in den Browsereinstellungen",
    "needs-home-screen": "Nur in der App vom Home-Bildschirm",
    unsupported: "Auf diesem Gerät nicht unterstützt",
  },
  stateLabel: "Status",
  blockedHint:
    "Sie haben Mitteilungen für das Mieter-Portal abgelehnt. Erlauben Sie sie in den Einstellungen Ihres Browsers und tippen Sie dann erneut auf „Push einschalten“.",
  homeScreenHint:
    "Auf iPhone und iPad kommen Push-Mitteilungen nur in der App vom Home-Bildschirm: Tippen Sie in Safari auf „Teilen“ und dann auf „Zum Home-Bildschirm hinzufügen“. Öffnen Sie das Mieter-Portal danach dort und schalten Sie Push hier ein.",
  unsupportedHint: "Dieser Browser kann keine Push-Mitteilungen empfangen. Sie erhalten weiterhin E-Mails.",
  enabledTitle: "Push eingeschaltet",
  enabledDescription: "Dieses Gerät erhält ab jetzt Push-Mitteilungen.",
  enableErrorTitle: "Push nicht eingeschaltet",
  enableError: "Push konnte nicht eingeschaltet werden. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",

  eventsTitle: "Worüber wir Sie benachrichtigen",
  eventsHint: "E-Mails kommen nur, solange „E-Mail bei Antworten der Hausverwaltung“ eingeschaltet ist.",
  email: "E-Mail",
  push: "Push",
  switchLabel: (channel: string, event: string) => `${channel}: ${event}`,
  savedTitle: "Einstellung gespeichert",
  queuedDescription: "Ihre Einstellung wird gespeichert, sobald wieder eine Verbindung besteht.",
  savedDescription: "Ihre Einstellung wurde gespeichert.",
  saveErrorTitle: "Einstellung nicht gespeichert",
  saveError: "Ihre Einstellung konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.",
  loadError: "Ihre Benachrichtigungen konnten nicht geladen werden.",
  retry: "Erneut versuchen",

  devicesTitle: "Meine Geräte",
  noDevices: "Noch kein Gerät erhält Push-Mitteilungen.",
  thisDevice: "dieses Gerät",
  lastSeen: (date: string) => `Zuletzt aktiv am ${date}`,
  remove: "Entfernen",
  removeLabel: (label: string) => `${label} entfernen`,
  removedTitle: "Gerät entfernt",
  removedDescription: "Dieses Gerät erhält keine Push-Mitteilungen mehr.",
  removeErrorTitle: "Gerät nicht entfernt",
  removeError: "Das Gerät konnte nicht entfernt werden. Bitte versuchen Sie es später erneut.",
  devicesLoadError: "Ihre Geräte konnten nicht geladen werden.",

  /** In the offline queue's lists and the offline no-data message. */
  resource: "Benachrichtigungen",
  devicesResource: "Geräte",
  removeQueued: "Gerät für Push-Mitteilungen entfernen",
  queueLabel: (update: TenantNotifyPreferencesUpdate) => {
    const event = TENANT_NOTIFY_EVENTS.find((name) => update.events[name]);
    const channels = event ? update.events[event] : undefined;
    if (!event || !channels) return "Benachrichtigungen ändern";
    const [channel, on] = channels.push !== undefined ? ["Push", channels.push] : ["E-Mail", channels.email];
    return `${channel} für „${TENANT_NOTIFY_EVENT_LABELS[event]}“ ${on ? "einschalten" : "ausschalten"}`;
  },
} as const;
