/**
 * Every API path the tenant app reads or changes, in one table (issue 15 §1). Import it as a
 * namespace (`import * as apiPaths from "@/config/api-paths"`). Paths under /api/v1 or /api are
 * moved onto the configured API base when sent (lib/api/urls).
 *
 * The paths the signed-out start needs (brand, sign-in, sign-out, the first screen's early reads)
 * live in ./api-paths-start and are re-exported here; code on the start-up path imports them from
 * there, so the login's JavaScript does not carry the rest of the table.
 */
import { appointments, messages, notices } from "./api-paths-start";

export * from "./api-paths-start";

const id = (value: string) => encodeURIComponent(value);

// Sign-in
export const password = "/api/v1/auth/password";
export const passwordReset = "/api/v1/auth/password-reset";
export const passwordResetConfirm = "/api/v1/auth/password-reset/confirm";
export const invitationCheck = "/api/v1/auth/invitation/check";
export const invitationAccept = "/api/v1/auth/invitation/accept";

// The tenant's own data
export const appointment = (appointmentId: string) => `${appointments}/${id(appointmentId)}`;
export const appointmentStatus = (appointmentId: string) => `${appointment(appointmentId)}/status`;
export const documents = "/api/v1/tenant/documents";
export const finances = "/api/v1/tenant/finances";
// The SEPA direct debit's paths (mandate, change request, GiroCode) are in ./api-paths-sepa.
export const message = (threadId: string) => `${messages}/${id(threadId)}`;
export const messageReplies = (threadId: string) => `${message(threadId)}/replies`;
export const messageRead = (threadId: string) => `${message(threadId)}/read`;
export const meterReadings = "/api/v1/tenant/meter-readings";
export const noticeAffected = (noticeId: string) => `${notices}/${id(noticeId)}/affected`;
export const preferences = "/api/v1/tenant/preferences";
export const repairs = "/api/v1/tenant/repairs";
export const servicePhoto = (photoId: string) => `/api/v1/tenant/service-photos/${id(photoId)}`;
export const serviceReports = "/api/v1/tenant/services/reports";
export const serviceRating = (visitId: string) => `/api/v1/tenant/services/visits/${id(visitId)}/rating`;
export const repair = (repairId: string) => `${repairs}/${id(repairId)}`;
