export function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A three-part token like the server's (signature not checked by the client). */
export function makeToken(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

export function tokenExpiringIn(seconds: number, now = Date.now()): string {
  return makeToken({ sub: "user-1", jti: "j1", exp: Math.floor(now / 1000) + seconds });
}
