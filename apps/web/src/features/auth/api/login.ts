import * as apiPaths from "@/config/api-paths-start";
import { buildApiError } from "@/lib/api/errors";
import { buildHeaders } from "@/lib/api/request";
import { resolveApiUrl } from "@/lib/api/urls";
import { isRecord } from "@/lib/utils";
import { type SessionUser, toSessionUser } from "../session";
import { authTexts } from "../texts";

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface LoginResult {
  token: string;
  user: SessionUser;
  expiresAt: string | null;
}

/** The answer was not one of the two login formats. */
export class LoginResponseError extends Error {
  override readonly name = "LoginResponseError";
}

/** The server refused the login (non-ok status). */
export class LoginFailedError extends Error {
  override readonly name = "LoginFailedError";
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

function userFrom(value: unknown): SessionUser | null {
  return toSessionUser(value);
}

function expiresAtFrom(value: unknown): string | null {
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : null;
}

/**
 * Accepts {token, user} or {status:'success', data:{token, id, email, firstName, lastName}},
 * each optionally with expires_at (spec section 3); everything else is an error of the catalogue.
 */
export function parseLoginResponse(body: unknown): LoginResult {
  if (!isRecord(body)) throw new LoginResponseError(authTexts.noData);

  if ("token" in body || "user" in body) {
    const user = userFrom(body.user);
    if (!nonEmptyString(body.token) || !user) throw new LoginResponseError(authTexts.missingData);
    return { token: body.token, user, expiresAt: expiresAtFrom(body.expires_at) };
  }

  if (body.status === "success" && "data" in body) {
    const data = body.data;
    if (!isRecord(data)) throw new LoginResponseError(authTexts.noData);
    const { token, ...rest } = data;
    const user = userFrom(rest);
    if (!nonEmptyString(token) || !user) throw new LoginResponseError(authTexts.missingData);
    return { token, user, expiresAt: expiresAtFrom(data.expires_at ?? body.expires_at) };
  }

  throw new LoginResponseError(authTexts.unexpectedFormat);
}

/** POST /api/auth/login with cookies; remember asks the server for the long-lived token. */
export async function loginWithCredentials(input: LoginInput): Promise<LoginResult> {
  const res = await fetch(resolveApiUrl(apiPaths.login), {
    method: "POST",
    headers: buildHeaders({ "Content-Type": "application/json" }, { withToken: false }),
    body: JSON.stringify({ email: input.email.trim(), password: input.password, remember: input.remember }),
    credentials: "include",
  });
  if (!res.ok) {
    const bodyText = await res.text().catch(() => "");
    const error = buildApiError(res.status, res.statusText, bodyText);
    const detail = error.apiMessage ?? (bodyText.trim() || res.statusText || "Unbekannter Fehler");
    throw new LoginFailedError(res.status, authTexts.failedMessage(res.status, detail), error.code);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new LoginResponseError(authTexts.noData);
  }
  return parseLoginResponse(body);
}
