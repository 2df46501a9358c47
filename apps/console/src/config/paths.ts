/** Client routes below the router's basename /verwaltung. */
export const paths = {
  login: "/anmelden",
  invitation: "/einladung",
  /** "Passwort vergessen?" (decision 033): ask for a link; the mail's link opens passwordReset. */
  passwordForgotten: "/passwort-vergessen",
  passwordReset: "/passwort-neu",
  inbox: "/",
  repair: (id: string) => `/reparaturen/${id}`,
  /** Staff record a repair for a tenant, from a tenant's message or for a building's common areas (issue 25 §16). */
  repairNew: (from?: { tenant: string } | { thread: string } | { building: string }) =>
    !from
      ? "/reparaturen/neu"
      : "tenant" in from
        ? `/reparaturen/neu?mieter=${from.tenant}`
        : "thread" in from
          ? `/reparaturen/neu?nachricht=${from.thread}`
          : `/reparaturen/neu?haus=${from.building}`,
  thread: (id: string) => `/nachrichten/${id}`,
  appointment: (id: string) => `/termine/${id}`,
  meterReading: (id: string) => `/zaehlerstaende/${id}`,
  meterCampaigns: "/ablesungen",
  meterCampaign: (id: string) => `/ablesungen/${id}`,
  tenants: "/mieter",
  tenant: (id: string) => `/mieter/${id}`,
  tenantNew: "/mieter/neu",
  tenantsImport: "/mieter/import",
  ledger: "/finanzen",
  ledgerOverdue: "/finanzen/ueberfaellig",
  ledgerImport: "/finanzen/import",
  ledgerUnmatched: "/finanzen/nicht-zugeordnet",
  ledgerAccount: (tenancyId: string) => `/finanzen/konten/${tenancyId}`,
  /** Rent by SEPA direct debit (issue 28): the runs, a new run, one run, the returns, the creditor settings. */
  sepa: "/lastschrift",
  sepaRunNew: "/lastschrift/neu",
  sepaRun: (id: string) => `/lastschrift/einzuege/${id}`,
  sepaReturns: "/lastschrift/ruecklastschriften",
  sepaCreditor: "/lastschrift/glaeubigerdaten",
  notices: "/aushaenge",
  documents: "/dokumente",
  profile: "/profil",
  staff: "/mitarbeiter",
  cannedReplies: "/textbausteine",
  audit: "/protokoll",
  /** Administrators: what happened to the pushes of the last 7 days (issue 29). */
  pushDeliveries: "/push-zustellung",
  /** Hausdienste (issue 27): buildings, a building's plans and proof, its week, one Einsatz. */
  services: "/hausdienste",
  servicesBuilding: (id: string) => `/hausdienste/gebaeude/${id}`,
  servicesWeek: (id: string, monday?: string) => `/hausdienste/gebaeude/${id}/woche${monday ? `?woche=${monday}` : ""}`,
  serviceRecord: (id: string) => `/hausdienste/einsaetze/${id}`,
  /** A visit noticed missed (the Eingang's item): what was done about it. */
  serviceMissed: (visitId: string) => `/hausdienste/verpasst/${visitId}`,
} as const;

export const BASENAME = "/verwaltung";
