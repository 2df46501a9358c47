import type { APIRequestContext } from "@playwright/test";
import { appointmentDay, berlinDate } from "./berlin-dates";
import { apiHeaders, expect } from "./fixtures";
import { createPng } from "./sample-files";

/** Items a tenant sends through the tenant API, for the console to answer. */

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/api/v1${path}`, { headers: apiHeaders(token), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

export const photoDataUrl = (blue = 90) => `data:image/png;base64,${createPng(64, 48, blue).toString("base64")}`;

export function tenantRepair(request: APIRequestContext, token: string, description: string) {
  return post<{ id: string }>(request, token, "/tenant/repairs", {
    type: "plumbing",
    location: "bathroom",
    description,
    urgency: "emergency",
    photos: [{ dataUrl: photoDataUrl(), format: "png", filename: "bad.png" }],
  });
}

export function tenantMessage(request: APIRequestContext, token: string, subject: string, content: string) {
  return post<{ id: string }>(request, token, "/tenant/messages", { subject, content });
}

export function tenantAppointment(request: APIRequestContext, token: string, notes: string) {
  return post<{ id: string; requested_date: string }>(request, token, "/tenant/appointments", {
    type: "consultation",
    date: appointmentDay(10, 60),
    timeSlot: "afternoon",
    notes,
  });
}

/**
 * A water reading lower than every water reading the tenant has sent (by 0.001 m³), so it is lower
 * than the previous one whatever ran before: the inbox lists it for review. (A value derived from
 * the clock, as before, jumped back up once a day when the seconds wrapped: then it was not lower.)
 */
export async function tenantLowReading(request: APIRequestContext, token: string) {
  const res = await request.get("/api/v1/tenant/meter-readings", { headers: apiHeaders(token) });
  expect(res.status(), await res.text()).toBe(200);
  const sent = ((await res.json()) as { water_reading: number | null }[])
    .map((r) => r.water_reading)
    .filter((w): w is number => w !== null);
  const lowest = Math.min(1, ...sent);
  expect(lowest, "the tenant's water readings leave room for a lower one").toBeGreaterThan(0.001);
  const waterReading = Math.round((lowest - 0.001) * 1000) / 1000;
  return post<{ id: string }>(request, token, "/tenant/meter-readings", {
    waterReading,
    electricityReading: null,
    heatingReading: null,
    readingDate: berlinDate(0),
    // The tenant confirms the lower value (issue 12); the management reviews it in the console.
    confirmLower: true,
    photos: { waterMeterPhoto: { dataUrl: photoDataUrl(200), format: "png", filename: "wasser.png" } },
  });
}
