// Apart from failures.ts: an app's mutation path on its start-up JavaScript needs only this.

/** fetch and the upload path fail with a TypeError when there is no network (or the answer was lost). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof DOMException && (error.name === "NetworkError" || error.name === "TimeoutError");
}
