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
 * A water reading below 1 m³ that falls by the second, so it is lower than the demo's readings
 * and than any such reading sent earlier in the run: the inbox lists it for review.
 */
export function tenantLowReading(request: APIRequestContext, token: string) {
  const waterReading = (100_000 - (Math.floor(Date.now() / 1000) % 100_000)) / 100_000;
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
