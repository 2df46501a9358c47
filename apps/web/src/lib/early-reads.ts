/**
 * Reads started before the screen that needs them exists (issue 13, decision 013): at start the
 * first screen's reads go out while the intro shows and its JavaScript loads. The query that asks
 * for the same path first (with the same token) takes the answer instead of sending its own
 * request; an answer nobody took within EARLY_READ_TTL_MS is dropped.
 */
export const EARLY_READ_TTL_MS = 30_000;

interface EarlyRead {
  token: string | null;
  response: Promise<Response | undefined>;
  expires: number;
}

const reads = new Map<string, EarlyRead>();

export function rememberEarlyRead(
  path: string,
  token: string | null,
  response: Promise<Response | undefined>,
  now: number = Date.now(),
): void {
  // An answer nobody takes must not surface as an unhandled rejection.
  response.catch(() => undefined);
  reads.set(path, { token, response, expires: now + EARLY_READ_TTL_MS });
}

/** The early answer for this path and token, once; null when there is none (or it is too old). */
export function takeEarlyRead(
  path: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Response | undefined> | null {
  const read = reads.get(path);
  if (!read) return null;
  reads.delete(path);
  if (read.token !== token || now > read.expires) return null;
  return read.response;
}

export function hasEarlyRead(path: string): boolean {
  return reads.has(path);
}

/**
 * Takes the reads src/start-signed-in.ts sent before the app's JavaScript arrived (decision 022),
 * as if they had been started here; then closes the door, so that it sends none afterwards.
 */
export function adoptStartReads(
  scope: { __mpStartReads?: [string, string, Promise<Response | undefined>][] } = window as never,
): void {
  for (const [path, token, response] of scope.__mpStartReads ?? []) rememberEarlyRead(path, token, response);
  scope.__mpStartReads = [];
}

/** Sign-out, and tests: nothing read for one session is handed to another. */
export function clearEarlyReads(): void {
  reads.clear();
}
