/**
 * Every API path the tenant app reads or changes, in one table (issue 15 §1). Import it as a
 * namespace (`import * as apiPaths from "@/config/api-paths"`): each path is its own export, so
 * the login's start-up JavaScript carries only the paths it uses (the build tree-shakes the rest).
 * Paths under /api/v1 or /api are moved onto the configured API base when sent (lib/api/urls).
 */
const id = (value: string) => encodeURIComponent(value);

// Public and sign-in
export const config = "/api/v1/config";
export const login = "/api/auth/login";
export const logout = "/api/auth/logout";
export const user = "/api/v1/auth/user";
export const password = "/api/v1/auth/password";
export const passwordReset = "/api/v1/auth/password-reset";
export const passwordResetConfirm = "/api/v1/auth/password-reset/confirm";
export const invitationCheck = "/api/v1/auth/invitation/check";
export const invitationAccept = "/api/v1/auth/invitation/accept";

// The tenant's own data
export const appointments = "/api/v1/tenant/appointments";
export const appointment = (appointmentId: string) => `${appointments}/${id(appointmentId)}`;
export const appointmentStatus = (appointmentId: string) => `${appointment(appointmentId)}/status`;
export const documents = "/api/v1/tenant/documents";
export const finances = "/api/v1/tenant/finances";
export const currentPayment = "/api/tenant/payments/current";
export const messages = "/api/v1/tenant/messages";
export const message = (threadId: string) => `${messages}/${id(threadId)}`;
export const messageReplies = (threadId: string) => `${message(threadId)}/replies`;
export const messageRead = (threadId: string) => `${message(threadId)}/read`;
export const meterCampaigns = "/api/v1/tenant/meter-campaigns";
export const meterReadings = "/api/v1/tenant/meter-readings";
export const notices = "/api/v1/tenant/notices";
export const noticeAffected = (noticeId: string) => `${notices}/${id(noticeId)}/affected`;
export const preferences = "/api/v1/tenant/preferences";
export const repairs = "/api/v1/tenant/repairs";
export const repair = (repairId: string) => `${repairs}/${id(repairId)}`;
