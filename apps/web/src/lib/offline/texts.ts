import { offlineNotices } from "./notices";

/** German texts of the offline queue, the synchronisation and their displays (spec sections 4 and 8). */
export const offlineTexts = {
  ...offlineNotices,
  /** Message of the fake success a queued change answers with (spec section 4). */
  queuedMessage: "Die Änderung wurde in die Offline-Warteschlange aufgenommen.",
  /** Why a change could not be queued (the queue's QueueStorageError; its title is a notice). */
  storageFailedDescription:
    "Die Änderung konnte auf diesem Gerät nicht gespeichert werden. Bitte geben Sie Speicherplatz frei und versuchen Sie es erneut.",
  noConnection: "Keine Verbindung zum Server.",

  sync: {
    startedTitle: "Synchronisierung gestartet",
    started: (count: number) =>
      count === 1 ? "1 Änderung wird synchronisiert." : `${count} Änderungen werden synchronisiert.`,
    doneTitle: "Synchronisierung abgeschlossen",
    doneAll: (count: number) =>
      count === 1 ? "1 Änderung wurde synchronisiert." : `Alle ${count} Änderungen wurden synchronisiert.`,
    doneWithFailures: (completed: number, failed: number) => `${completed} synchronisiert, ${failed} fehlgeschlagen.`,
    failedTitle: "Synchronisierungsfehler",
    failedDescription: "Einige Änderungen konnten nicht synchronisiert werden.",
    interruptedTitle: "Synchronisierung unterbrochen",
    interrupted: (completed: number, total: number) =>
      `Internetverbindung verloren. ${completed} von ${total} Änderungen wurden übertragen.`,
    connectionLost: "Internetverbindung verloren",
    paused: "Angehalten: Bitte melden Sie sich erneut an.",
    throttledTitle: "Synchronisierung verschoben",
    throttled: (completed: number, total: number) =>
      `Der Server nimmt gerade keine weiteren Änderungen an. ${completed} von ${total} Änderungen wurden übertragen; die übrigen werden später automatisch gesendet.`,
    maxRetriesLog: "Maximale Anzahl an Versuchen erreicht",
  },

  status: {
    heading: "Synchronisierung",
    state: "Status",
    running: (done: number, total: number) => `Läuft: ${done} von ${total}`,
    idle: "Bereit",
    paused: "Angehalten bis zur erneuten Anmeldung",
    offline: "Wartet auf Internetverbindung",
    progressLabel: "Fortschritt der Synchronisierung",
    next: "Gerade",
    lastSync: "Letzte Synchronisierung",
    never: "Noch nie",
    queueLength: "Nicht synchronisierte Änderungen",
    syncNow: "Jetzt synchronisieren",
    lastError: "Letzter Fehler",
  },

  entries: {
    heading: "Ausstehende Änderungen",
    none: "Alle Änderungen sind synchronisiert.",
    otherHeading: "Änderungen eines anderen Kontos",
    otherHint:
      "Diese Änderungen wurden unter einem anderen Konto gemacht. Sie werden nur gesendet, wenn sich dieses Konto wieder anmeldet.",
    pending: "wartet auf Synchronisierung",
    failed: "fehlgeschlagen",
    sending: "wird gesendet",
    createdAt: (when: string) => `Erstellt: ${when}`,
    attempts: (count: number) => (count === 1 ? "1 Versuch" : `${count} Versuche`),
    error: "Fehler",
    retry: "Erneut versuchen",
    retryLabel: (label: string) => `${label}: erneut versuchen`,
    discard: "Verwerfen",
    discardLabel: (label: string) => `${label}: verwerfen`,
    discardTitle: "Änderung verwerfen?",
    discardDescription: (label: string) =>
      `„${label}“ wurde noch nicht an den Server übertragen. Verworfen wird sie nie gesendet.`,
    discardConfirm: "Verwerfen",
    cancel: "Abbrechen",
    listLabel: "Wartet auf Synchronisierung",
  },

  logoutGuard: {
    title: "Nicht synchronisierte Änderungen",
    description: (count: number) =>
      count === 1
        ? "1 Änderung wurde noch nicht an den Server übertragen. Wenn Sie sich jetzt abmelden, geht sie verloren."
        : `${count} Änderungen wurden noch nicht an den Server übertragen. Wenn Sie sich jetzt abmelden, gehen sie verloren.`,
    cancel: "Abbrechen",
    confirm: "Trotzdem abmelden",
  },

  /** The label of a change that was queued without one (its declaration describes every change). */
  genericLabel: "Änderung",
} as const;
