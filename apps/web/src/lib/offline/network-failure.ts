// Apart from errors.ts: the mutation path on the login screen's JavaScript needs only this.

/** fetch and the upload path fail with a TypeError when there is no network (or the answer was lost). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof DOMException && (error.name === "NetworkError" || error.name === "TimeoutError");
}
