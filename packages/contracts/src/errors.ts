/** Machine-readable error codes of the API, with their German default messages. */
export const ERROR_MESSAGES = {
  bad_request: "Die Anfrage ist ungültig.",
  validation_failed: "Bitte überprüfen Sie Ihre Eingaben.",
  invalid_json: "Die Anfrage enthält kein gültiges JSON.",
  payload_too_large: "Die Anfrage ist zu groß.",
  unsupported_media_type: "Dieses Anfrageformat wird nicht unterstützt.",
  unauthorized: "Bitte melden Sie sich an.",
  invalid_api_key: "Ungültiger oder fehlender API-Schlüssel.",
  token_invalid: "Ihre Sitzung ist ungültig. Bitte melden Sie sich erneut an.",
  token_expired: "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
  token_revoked: "Sie wurden abgemeldet. Bitte melden Sie sich erneut an.",
  invalid_credentials: "E-Mail-Adresse oder Passwort ist falsch.",
  access_ended:
    "Ihr Zugang zum Mieter-Portal ist abgelaufen. Der Zugang endet 3 Monate nach dem Ende des Mietverhältnisses.",
  too_many_attempts: "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.",
  too_many_requests: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
  quota_exceeded: "Sie haben in kurzer Zeit sehr viele Einträge angelegt. Bitte versuchen Sie es später erneut.",
  control_characters: "Die Eingabe enthält unzulässige Steuerzeichen.",
  totp_required: "Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.",
  totp_invalid: "Der Code ist falsch oder abgelaufen. Bitte geben Sie den aktuellen Code ein.",
  totp_enrolment_required:
    "Als Administrator brauchen Sie einen zweiten Faktor. Bitte richten Sie ihn jetzt mit einer Authenticator-App ein.",
  staff_inactive: "Dieses Konto ist deaktiviert. Bitte wenden Sie sich an die Administration.",
  invitation_invalid:
    "Der Einladungslink ist ungültig, abgelaufen oder wurde schon benutzt. Bitte lassen Sie sich einen neuen senden.",
  tenant_invitation_invalid:
    "Der Einladungslink ist ungültig, abgelaufen oder wurde schon benutzt. Ihre Hausverwaltung sendet Ihnen gern einen neuen.",
  tenant_invitation_code_invalid:
    "Diesen Registrierungscode kennen wir nicht, oder er ist abgelaufen oder schon benutzt. Prüfen Sie die acht Zeichen auf Ihrem Brief (es kommen weder 0 und O noch 1, I und L vor) oder bitten Sie Ihre Hausverwaltung um einen neuen Brief.",
  wrong_password: "Das aktuelle Passwort ist falsch.",
  reset_token_invalid: "Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
  staff_reset_link_invalid:
    "Diesen Link zum Zurücksetzen kennen wir nicht. Bitte öffnen Sie den Link aus der E-Mail erneut oder fordern Sie unter „Passwort vergessen?“ einen neuen an.",
  staff_reset_link_expired:
    "Der Link zum Zurücksetzen ist abgelaufen (er gilt 60 Minuten). Bitte fordern Sie unter „Passwort vergessen?“ einen neuen an.",
  staff_reset_link_used:
    "Dieser Link wurde bereits benutzt oder gilt nicht mehr, weil das Passwort inzwischen geändert wurde. Bitte melden Sie sich an oder fordern Sie unter „Passwort vergessen?“ einen neuen an.",
  forbidden: "Dafür fehlt Ihnen die Berechtigung.",
  not_found: "Nicht gefunden.",
  route_not_found: "Diese Adresse gibt es nicht.",
  conflict: "Die Aktion ist im aktuellen Zustand nicht möglich.",
  reading_lower_unconfirmed:
    "Ein Zählerstand ist niedriger als Ihr letzter. Bitte prüfen Sie den Wert und bestätigen Sie ihn ausdrücklich.",
  idempotency_in_progress: "Diese Anfrage wird bereits bearbeitet. Bitte versuchen Sie es gleich erneut.",
  idempotency_mismatch: "Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.",
  file_type_not_allowed: "Dieser Dateityp ist nicht erlaubt.",
  file_too_large: "Die Datei ist zu groß.",
  internal_error: "Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
  service_unavailable: "Der Dienst ist vorübergehend nicht verfügbar.",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
