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
  notificationsLabel: "Benachrichtigungen anzeigen",
  notificationsHint: "Hinweise zu neuen Nachrichten und anstehenden Terminen auf diesem Gerät.",
  notificationsOnTitle: "Benachrichtigungen aktiviert",
  notificationsOffTitle: "Benachrichtigungen deaktiviert",
  notificationsSaved: "Ihre Einstellung wurde gespeichert.",

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
} as const;
