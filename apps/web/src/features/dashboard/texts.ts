export const dashboardTexts = {
  loading: "Daten werden geladen...",
  greeting: (firstName: string) => `Hallo, ${firstName || "Mieter"}!`,
  noAddress: "Keine Adresse",
  noApartment: "Keine Wohnungsnummer",
  apartment: (number: string) => `Wohnung ${number}`,
  addressLabel: "Ihre Wohnung",
  quickAccess: "Schnellzugriff",
  signedInAs: "Angemeldet als",
  logoutHint: "Abmelden können Sie sich im Menü „Mehr“.",
  loadError: "Einige Daten konnten nicht geladen werden.",
  retry: "Erneut versuchen",
} as const;
