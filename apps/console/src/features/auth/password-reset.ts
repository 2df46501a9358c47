import { okResponse } from "@mieter-portal/contracts";
import {
  type StaffPasswordResetConfirm,
  type StaffPasswordResetRequest,
  staffPasswordResetInfo,
} from "@mieter-portal/contracts/staff";
import { ApiError, apiPost } from "@/lib/api-client";

/** "Passwort vergessen?" (decision 033): ask for a link, check it, set the new password. None signs in. */
export const requestPasswordReset = (body: StaffPasswordResetRequest) =>
  apiPost("/staff/auth/password-reset", okResponse, body, { anonymous: true });

export const passwordResetInfo = (token: string) =>
  apiPost("/staff/auth/password-reset/info", staffPasswordResetInfo, { token }, { anonymous: true });

export const confirmPasswordReset = (body: StaffPasswordResetConfirm) =>
  apiPost("/staff/auth/password-reset/confirm", okResponse, body, { anonymous: true });

/** The token comes in the URL fragment (never sent to a server or written to its logs). */
export function resetTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token?.trim() ? token.trim() : null;
}

export type ResetLinkProblem = "incomplete" | "invalid" | "expired" | "used" | "inactive";

/** What the page says for a link that does not work: a heading and what to do next. */
export const RESET_LINK_TEXTS: Record<ResetLinkProblem, { title: string; text: string; newLink: boolean }> = {
  incomplete: {
    title: "Der Link ist unvollständig",
    text: "Bitte öffnen Sie den Link aus der E-Mail erneut (ganz, ohne Zeilenumbruch) oder fordern Sie einen neuen an.",
    newLink: true,
  },
  invalid: {
    title: "Diesen Link kennen wir nicht",
    text: "Bitte öffnen Sie den Link aus der E-Mail erneut oder fordern Sie einen neuen an.",
    newLink: true,
  },
  expired: {
    title: "Der Link ist abgelaufen",
    text: "Ein Link zum Zurücksetzen gilt 60 Minuten. Bitte fordern Sie einen neuen an.",
    newLink: true,
  },
  used: {
    title: "Der Link wurde schon benutzt",
    text: "Mit diesem Link wurde bereits ein neues Passwort festgelegt, oder das Passwort wurde inzwischen anders geändert. Melden Sie sich mit Ihrem aktuellen Passwort an oder fordern Sie einen neuen Link an.",
    newLink: true,
  },
  inactive: {
    title: "Das Konto ist deaktiviert",
    text: "Dieses Konto kann sich nicht mehr anmelden. Bitte wenden Sie sich an Ihre Administratorin oder Ihren Administrator.",
    newLink: false,
  },
};

/** The link's problem behind an API error, or null for any other failure (network: try again). */
export function resetLinkProblem(error: unknown): ResetLinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case "staff_reset_link_invalid":
      return "invalid";
    case "staff_reset_link_expired":
      return "expired";
    case "staff_reset_link_used":
      return "used";
    case "staff_inactive":
      return "inactive";
    default:
      return null;
  }
}
