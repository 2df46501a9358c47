import { ApiError } from "@/lib/api-client";

/** credentials → totp (a second factor is on) or enrol (an Administrator sets it up first). */
export type LoginStep = "credentials" | "totp" | "enrol";

export interface LoginFailure {
  /** The step to show after the answer: a second factor moves on to the code. */
  step: LoginStep;
  formError: string | null;
  fieldErrors: Record<string, string>;
}

export const LOGIN_TEXTS = {
  totpRequired: "Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.",
  totpInvalid: "Der Code ist falsch oder abgelaufen. Bitte geben Sie den aktuellen Code ein.",
  invalidCredentials: "E-Mail-Adresse oder Passwort ist falsch.",
  enrolRequired:
    "Als Administrator brauchen Sie einen zweiten Faktor. Scannen Sie den QR-Code mit einer Authenticator-App und geben Sie den angezeigten Code ein.",
};

/** What a failed sign-in means for the form (the answers of POST /staff/auth/login). */
export function loginFailure(error: unknown, step: LoginStep): LoginFailure {
  if (!(error instanceof ApiError)) {
    return { step, formError: "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.", fieldErrors: {} };
  }
  switch (error.code) {
    case "totp_required":
      return { step: "totp", formError: null, fieldErrors: {} };
    case "totp_enrolment_required":
      return { step: "enrol", formError: null, fieldErrors: {} };
    case "totp_invalid":
      // The server's own words where it has them (e.g. a code that was used already).
      return {
        step: step === "enrol" ? "enrol" : "totp",
        formError: null,
        fieldErrors: { totp: error.message || LOGIN_TEXTS.totpInvalid },
      };
    case "invalid_credentials":
      // Wrong password after the code step (e.g. changed meanwhile): start again.
      return { step: "credentials", formError: error.message || LOGIN_TEXTS.invalidCredentials, fieldErrors: {} };
    default:
      return { step, formError: error.message, fieldErrors: error.fields };
  }
}
