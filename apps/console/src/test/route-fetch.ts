import { vi } from "vitest";

export interface RoutedCall {
  method: string;
  /** The path below /api/v1 with its query string. */
  url: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown; blob?: Blob };

/**
 * Stubs fetch at the network edge by method and path (without the query string): each
 * `"GET /staff/sepa/runs"` key answers with its status and JSON body, or a binary `blob` (the last
 * answer repeats). Returns the calls made.
 */
export function routeFetch(routes: Record<string, Answer[]>): RoutedCall[] {
  const calls: RoutedCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const parsed = new URL(url, "http://localhost");
      const path = parsed.pathname.replace(/^\/api\/v1/, "");
      calls.push({
        method,
        url: `${path}${parsed.search}`,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      });
      const answers = routes[`${method} ${path}`] ?? [];
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (!next) throw new Error(`unexpected fetch ${method} ${url}`);
      if (next.blob) return new Response(next.blob, { status: next.status });
      return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
        status: next.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}
