/**
 * A copy of the page's query string with `key` set to `value`, or without `key` when the value is
 * empty ("Alle" in a filter): the lists keep their filters in the URL.
 */
export function withSearchParam(
  search: URLSearchParams,
  key: string,
  value: string | null | undefined,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}
