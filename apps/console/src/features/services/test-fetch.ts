import { vi } from "vitest";

export interface RoutedCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stubs fetch at the network edge by method and path: each `"GET /staff/services/kinds"` key answers
 * with its status and body (the last one repeats). Returns the calls made.
 */
export function routeFetch(routes: Record<string, { status: number; body?: unknown }[]>): RoutedCall[] {
  const calls: RoutedCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push({ method, url, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
      const path = new URL(url, "http://localhost").pathname.replace(/^\/api\/v1/, "");
      const key = Object.keys(routes).find((k) => k === `${method} ${path}`);
      const answers = key ? routes[key]! : [];
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (!next) throw new Error(`unexpected fetch ${method} ${url}`);
      return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
        status: next.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}
