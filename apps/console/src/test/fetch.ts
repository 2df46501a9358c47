import { vi } from "vitest";

export interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** Stubs fetch with answers in order; returns the calls made. */
export function stubFetch(...answers: { status: number; body?: unknown }[]): Call[] {
  const calls: Call[] = [];
  const queue = [...answers];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? "GET",
        url,
        headers: new Headers(init.headers),
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      });
      const next = queue.shift();
      if (!next) throw new Error(`unexpected fetch ${url}`);
      return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
        status: next.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}
