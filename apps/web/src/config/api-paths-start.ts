/**
 * The part of the table of API paths (config/api-paths, which re-exports all of these) that the
 * start-up path needs: the brand, sign-in and sign-out, and the first screen's early reads
 * (app/start-up.ts). Modules on the signed-out start import from here, so the login's JavaScript
 * carries these few paths and not the whole table (issue 13's budget).
 */
export const config = "/api/v1/config";
export const login = "/api/auth/login";
export const logout = "/api/auth/logout";
export const user = "/api/v1/auth/user";
export const appointments = "/api/v1/tenant/appointments";
export const currentPayment = "/api/tenant/payments/current";
export const messages = "/api/v1/tenant/messages";
export const meterCampaigns = "/api/v1/tenant/meter-campaigns";
export const notices = "/api/v1/tenant/notices";
/** Read by the dashboard after its first screen (config/start-up DASHBOARD_AFTER_START_READS). */
export const services = "/api/v1/tenant/services";
