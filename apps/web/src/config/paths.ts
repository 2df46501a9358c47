import { HOME_PATH, LOGIN_PATH } from "./start-up";

/** Every screen of the app with its German title (spec section 2). */
export const paths = {
  // The start-up facts (config/start-up) declare these two; the login's code does not need the titles.
  login: { path: LOGIN_PATH, title: "Anmelden" },
  home: { path: HOME_PATH, title: "Home" },
  documents: { path: "/documents", title: "Dokumente" },
  repairs: { path: "/repairs", title: "Reparaturen" },
  messages: { path: "/messages", title: "Nachrichten" },
  meterReadings: { path: "/meter-readings", title: "Zählerstände" },
  finances: { path: "/finances", title: "Finanzen" },
  appointments: { path: "/appointments", title: "Termine" },
  settings: { path: "/settings", title: "Einstellungen" },
  privacyPolicy: { path: "/privacy-policy", title: "Datenschutzerklärung" },
  termsOfService: { path: "/terms-of-service", title: "Nutzungsbedingungen" },
  cookiePolicy: { path: "/cookie-policy", title: "Cookie-Richtlinie" },
  faq: { path: "/faq", title: "FAQ" },
  contact: { path: "/contact", title: "Kontakt" },
  notices: { path: "/notices", title: "Aushänge" },
  services: { path: "/services", title: "Hausdienste" },
  serviceReport: { path: "/services/report", title: "Leistung fehlt" },
} as const;

export const messagePath = (id: string) => `/messages/${encodeURIComponent(id)}`;
export const appointmentPath = (id: string) => `/appointments/${encodeURIComponent(id)}`;
export const repairPath = (id: string) => `/repairs/${encodeURIComponent(id)}`;

const DETAIL_TITLES: Array<[RegExp, string]> = [
  [/^\/messages\/[^/]+$/, "Nachricht"],
  [/^\/appointments\/[^/]+$/, "Termin"],
  [/^\/repairs\/[^/]+$/, "Reparatur"],
];

/** Header title of a route; unknown routes fall back to the company name (spec section 2). */
export function titleForPath(pathname: string, companyName: string): string {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const entry of Object.values(paths)) {
    if (entry.path === normalized) return entry.title;
  }
  for (const [pattern, title] of DETAIL_TITLES) {
    if (pattern.test(normalized)) return title;
  }
  return companyName;
}

/** Order of screens used to decide whether a page change moves forward or backward. */
export const NAVIGATION_ORDER: string[] = [
  paths.home.path,
  paths.documents.path,
  paths.repairs.path,
  paths.messages.path,
  paths.meterReadings.path,
  paths.finances.path,
  paths.appointments.path,
  paths.services.path,
  paths.settings.path,
];
