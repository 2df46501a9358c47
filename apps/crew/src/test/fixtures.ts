import { type ServiceVisit, serviceVisit } from "@mieter-portal/contracts/services";
import type { StaffProfile } from "@mieter-portal/contracts/staff";
import { vi } from "vitest";
import { signIn } from "@/lib/session";

export const BUILDING_ID = "11111111-1111-4111-8111-111111111111";
export const VISIT_ID = "22222222-2222-4222-8222-222222222222";

export const crewMember: StaffProfile = {
  id: "33333333-3333-4333-8333-333333333333",
  email: "team@example.com",
  name: "Jana Grün",
  role: "dienstleister",
  buildings: [{ id: BUILDING_ID, name: "Lindenstraße 5" }],
  totp_enabled: false,
  notify_new_items: false,
};

export function signInCrew(token = "token-1"): void {
  signIn(token, crewMember);
}

/** A visit as the server answers it (read through the contracts' schema, as the app reads it). */
export function visit(overrides: Record<string, unknown> = {}): ServiceVisit {
  return serviceVisit.parse({
    id: VISIT_ID,
    plan_id: "44444444-4444-4444-8444-444444444444",
    building_id: BUILDING_ID,
    service_name: "Treppenhausreinigung",
    service_key: "treppenhausreinigung",
    planned_on: "2026-11-28",
    window: { start: "07:00", end: "12:00" },
    moved_from: null,
    note: null,
    // The plan's own checklist (its third item is not the catalogue's): the crew ticks the plan's.
    checklist: ["Treppen und Podeste gefegt und gewischt", "Handläufe abgewischt", "Kellertreppe gewischt"],
    record: null,
    ...overrides,
  });
}

export interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** The server's answers in order (fetch stubbed); returns the requests the app made. */
export function stubServer(...answers: ({ status: number; body?: unknown } | "network-down")[]): Call[] {
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
      if (next === "network-down") throw new TypeError("Failed to fetch");
      return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
        status: next.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}

/** navigator.onLine as the test wants it; the online/offline event tells the app. */
export function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}
