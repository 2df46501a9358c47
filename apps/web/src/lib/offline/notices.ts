/**
 * The few offline texts the start-up bundle needs (the central mutation and query paths); kept
 * apart so the login screen does not load the queue's other texts. Only what the start-up code
 * reads belongs here: the object is kept whole in the login's JavaScript.
 */
export const offlineNotices = {
  /** The notice a form shows when it was submitted offline (spec section 4, "Other"). */
  queuedTitle: "Offline gespeichert",
  queuedDescription:
    "Ihre Angaben wurden auf diesem Gerät gespeichert und werden gesendet, sobald eine Internetverbindung besteht.",
  storageFailedTitle: "Speichern nicht möglich",
  noData: (resource: string) => `Keine Daten im Offline-Modus verfügbar: ${resource}`,
  /** Under the no-data message in a screen's error view (issue 25): why, and what brings the data. */
  noDataAdvice:
    "Diese Daten sind auf diesem Gerät noch nicht gespeichert. Sobald eine Internetverbindung besteht, werden sie geladen.",
} as const;
