/** The crew app's settings (decision 052). The same API and client key as the console. */
export const API_BASE = "/api/v1";
export const API_KEY = (import.meta.env.VITE_API_KEY as string | undefined)?.trim() || "mp-web-client-2025";

/** The crew's own session: a staff token kept in localStorage, as the console keeps its own. */
export const TOKEN_STORAGE_KEY = "mieter_portal_crew_token";
/** The signed-in staff member, so a reload offline still knows whose queue it is. */
export const PROFILE_STORAGE_KEY = "mieter_portal_crew_profile";
/** Last answers of GET /staff/service-visits, so the lists show offline. */
export const VISITS_STORAGE_KEY = "mieter_portal_crew_visits";
/** Einsätze begun on this device (what was sent or waits), so their state survives reloads. */
export const WORK_STORAGE_KEY = "mieter_portal_crew_work";
export const THEME_STORAGE_KEY = "mieter_portal_crew_theme";

/** The offline queue's own IndexedDB database and channel (decision 050: not the tenant app's). */
export const QUEUE_DB_NAME = "einsatz_offline_queue";
export const QUEUE_CHANNEL = "einsatz_offline_queue";
export const QUEUE_LOCK = "einsatz_offline_sync";
export const LAST_SYNC_STORAGE_KEY = "einsatz_last_sync";
