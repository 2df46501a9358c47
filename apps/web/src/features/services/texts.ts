/** German texts of the house's services as tenants see them (Hausdienste, issue 27 §3). */
export const serviceTexts = {
  resource: "Hausdienste",
  intro: (building: string | null) =>
    building
      ? `Was in ${building} gereinigt, gepflegt und geräumt wird – und wann zuletzt.`
      : "Was in Ihrem Haus gereinigt, gepflegt und geräumt wird – und wann zuletzt.",
  loading: "Hausdienste werden geladen...",
  loadError: "Die Hausdienste konnten nicht geladen werden.",
  empty: "Für Ihr Haus zeigt die Hausverwaltung zurzeit keine Hausdienste an.",
  lastDone: "Zuletzt erledigt",
  neverDone: "Noch nicht erledigt",
  nextPlanned: "Nächster Termin",
  nonePlanned: "Kein Termin geplant",
  by: (firstName: string, team: string | null) => (team ? `${firstName} (${team})` : firstName),
  photoAlt: (service: string) => `Foto nach der Arbeit: ${service}`,
  photoTitle: (service: string) => `${service} – Foto nach der Arbeit`,
  /** Winterdienst in season: what the crew did, e.g. "Heute 05:40 geräumt und gestreut". */
  winterDone: (when: string) => `${when} geräumt und gestreut`,
  conditions: {
    snow: "Schnee",
    ice: "Glätte",
    temperature: (celsius: number) => `${celsius.toLocaleString("de-DE")} °C`,
  },
  today: "Heute",
  dashboardTitle: "Hausdienste heute",
  dashboardLink: "Alle Hausdienste",
  dashboardDone: (service: string, time: string) => `${service}: erledigt um ${time} Uhr`,
} as const;
