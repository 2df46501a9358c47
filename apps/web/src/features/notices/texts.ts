/** German texts of the notices (Aushänge, issue 14 §4). */
export const noticeTexts = {
  title: "Aushänge",
  dashboardTitle: "Aktuelle Aushänge",
  viewAll: "Alle Aushänge",
  loading: "Aushänge werden geladen...",
  loadError: "Die Aushänge konnten nicht geladen werden.",
  retry: "Erneut versuchen",
  empty: "Zurzeit gibt es keine Aushänge für Ihr Haus.",
  information: "Information",
  /** Spoken and shown before the kind of an outage ("Störung: Wasserausfall"). */
  emergency: "Störung",
  forAllBuildings: "Für alle Häuser",
  forYourBuilding: "Für Ihr Haus",
  period: (from: string, until: string) => `${from} bis ${until}`,
  untilFurtherNotice: (from: string) => `Ab ${from}, bis auf Weiteres`,
  /** The outage's own time ("Di., 24. Nov. 2026, 8:00 – 16:00 Uhr"), as the outage mail says it. */
  outageWindow: (window: string) => `Zeitraum: ${window}`,
  at: (date: string, time: string) => `${date}, ${time} Uhr`,
  more: "Weitere Aushänge ansehen",
  affected: {
    button: "Betrifft mich auch",
    buttonLabel: (title: string) => `Betrifft mich auch: ${title}`,
    hint: "Eine eigene Reparaturmeldung ist dafür nicht nötig.",
    done: "Sie haben gemeldet: Betrifft mich auch",
    queued: "Gespeichert – wird gesendet, sobald Sie online sind",
    failed: "„Betrifft mich auch“ konnte nicht gesendet werden",
    successTitle: "Danke für Ihre Rückmeldung",
    successDescription: "Die Hausverwaltung weiß jetzt, dass die Störung auch Sie betrifft.",
    errorTitle: "Nicht gesendet",
  },
  /** In the offline queue's lists and the offline no-data message (lib/changes, lib/reads). */
  resource: "Aushänge",
  queue: { affected: "„Betrifft mich auch“ zu einem Aushang" },
} as const;

/** How many current notices the dashboard shows; the list page shows all. */
export const DASHBOARD_NOTICE_COUNT = 3;
/** Characters of a notice's text on the dashboard; the list page shows the whole text. */
export const DASHBOARD_NOTICE_PREVIEW = 180;
