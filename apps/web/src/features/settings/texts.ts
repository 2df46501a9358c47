export const settingsTexts = {
  heading: "Einstellungen",

  appearanceTitle: "Darstellung",
  themeLegend: "Design",
  themes: { light: "Hell", dark: "Dunkel", system: "System" },
  themeHints: {
    light: "Immer helles Design",
    dark: "Immer dunkles Design",
    system: "Folgt der Einstellung Ihres Geräts",
  },

  notificationsTitle: "Benachrichtigungen",
  notificationsLabel: "E-Mail bei Antworten der Hausverwaltung",
  notificationsHint:
    "Wir schreiben Ihnen eine E-Mail, wenn die Hausverwaltung auf Ihre Nachricht antwortet oder eine Reparatur oder einen Termin ändert. Gilt für Ihr Konto, auf allen Geräten.",
  notificationsOnTitle: "Benachrichtigungen aktiviert",
  notificationsOffTitle: "Benachrichtigungen deaktiviert",
  notificationsSaved: "Ihre Einstellung wurde gespeichert.",
  notificationsQueued: "Ihre Einstellung wird gespeichert, sobald wieder eine Verbindung besteht.",
  notificationsErrorTitle: "Einstellung nicht gespeichert",
  notificationsError: "Ihre Einstellung konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.",
  notificationsLoadError: "Ihre Einstellung konnte nicht geladen werden.",
  retry: "Erneut versuchen",

  passwordTitle: "Passwort ändern",
  passwordIntro: "Nach der Änderung bleiben Sie auf diesem Gerät angemeldet; andere Geräte werden abgemeldet.",
  currentPassword: "Aktuelles Passwort",
  newPassword: "Neues Passwort",
  repeatPassword: "Neues Passwort wiederholen",
  passwordSubmit: "Passwort ändern",
  passwordBusy: "Wird geändert...",
  passwordChangedTitle: "Passwort geändert",
  passwordErrorTitle: "Passwort nicht geändert",
  passwordOfflineTitle: "Passwort ändern nicht möglich",
  passwordOfflineDescription:
    "Im Offline-Modus kann das Passwort nicht geändert werden. Bitte stellen Sie eine Internetverbindung her.",
  currentRequired: "Bitte geben Sie Ihr aktuelles Passwort ein.",
  newRequired: "Bitte geben Sie ein neues Passwort ein.",
  repeatRequired: "Bitte wiederholen Sie das neue Passwort.",
  mismatch: "Die Passwörter stimmen nicht überein.",
  sameAsCurrent: "Das neue Passwort muss sich vom aktuellen unterscheiden.",

  linksTitle: "Rechtliches & Hilfe",

  aboutTitle: "Über das Mieter-Portal",
  version: "Version",
  imprintTitle: "Impressum",
  address: "Anschrift",
  email: "E-Mail",
  phone: "Telefon",
  supportHours: "Erreichbarkeit",
  /** In the offline queue's lists and the offline no-data message (lib/changes, lib/reads). */
  resource: "Benachrichtigungen",
  queue: {
    emailNotifications: (on: boolean) =>
      on ? "E-Mail-Benachrichtigungen einschalten" : "E-Mail-Benachrichtigungen ausschalten",
  },
} as const;
