export const paymentTexts = {
  nextPayment: "Nächste Mietzahlung",
  none: "Keine anstehende Zahlung",
  due: "Fällig am",
  details: "Zu den Finanzen",
  loadError: "Die Zahlungsdaten konnten nicht geladen werden.",
} as const;
