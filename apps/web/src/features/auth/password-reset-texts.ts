/** Texts of 'Passwort vergessen?', the reset page and the password change's session handling. */
export const passwordResetTexts = {
  forgotTitle: "Passwort vergessen?",
  forgotIntro:
    "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können.",
  emailLabel: "E-Mail Adresse",
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  forgotSubmit: "Link anfordern",
  forgotBusy: "Wird gesendet...",
  forgotSentTitle: "E-Mail unterwegs",
  forgotSentHint: "Der Link ist 60 Minuten gültig. Sehen Sie bitte auch im Spam-Ordner nach.",
  forgotErrorTitle: "Anfrage nicht möglich",
  backToLogin: "Zurück zur Anmeldung",
  offlineTitle: "Keine Verbindung",
  offlineDescription: "Diese Aktion ist im Offline-Modus nicht möglich. Bitte stellen Sie eine Internetverbindung her.",

  resetTitle: "Neues Passwort festlegen",
  resetIntro: "Wählen Sie ein neues Passwort für Ihr Konto im Mieter-Portal.",
  newPassword: "Neues Passwort",
  repeatPassword: "Neues Passwort wiederholen",
  newRequired: "Bitte geben Sie ein neues Passwort ein.",
  repeatRequired: "Bitte wiederholen Sie das neue Passwort.",
  mismatch: "Die Passwörter stimmen nicht überein.",
  resetSubmit: "Passwort speichern",
  resetBusy: "Wird gespeichert...",
  resetDoneTitle: "Passwort geändert",
  resetErrorTitle: "Passwort nicht geändert",
  missingToken:
    "Dieser Link ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail erneut oder fordern Sie einen neuen an.",
  requestNewLink: "Neuen Link anfordern",
} as const;
