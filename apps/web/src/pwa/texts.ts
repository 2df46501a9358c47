/** Texts of the installable app (update prompt). */
export const pwaTexts = {
  updateTitle: "Neue Version verfügbar",
  updateDescription: "Eine neue Version des Mieter-Portals ist bereit. Beim Aktualisieren wird die Seite neu geladen.",
  updateNow: "Jetzt aktualisieren",
  later: "Später",
  waitingForSync: "Die Aktualisierung startet, sobald die Synchronisierung Ihrer Änderungen abgeschlossen ist.",
  updating: "Neue Version wird geladen...",
} as const;
