/** The German texts of the console's "Hausdienste" screens (issue 27 §1 and §4). */

export const WEEKDAY_LABELS = [
  "Montag",
  "Dienstag",
  "Mittwoch",
  "Donnerstag",
  "Freitag",
  "Samstag",
  "Sonntag",
] as const;

export const RECURRENCE_KIND_LABELS = {
  weekly: "Wöchentlich an Wochentagen",
  monthly: "Monatlich an einem Tag",
  daily: "Täglich (Winterdienst)",
  on_demand: "Nach Bedarf (keine geplanten Einsätze)",
} as const;

export const VISIT_STATE_LABELS = {
  planned: "geplant",
  running: "läuft",
  done: "erledigt",
  missed: "versäumt",
  none: "kein Einsatz",
} as const;

export const SERVICES_TEXTS = {
  title: "Hausdienste",
  intro:
    "Treppenhausreinigung, Gartenpflege, Winterdienst und Kontrollgänge: Pläne je Gebäude, die Einsätze der Woche und die Nachweise.",
  chooseBuilding: "Bitte wählen Sie ein Gebäude.",
  noBuildings: "Ihnen ist noch kein Gebäude zugeordnet.",
  changeAppliesFrom:
    "Die Änderung gilt frühestens ab morgen. Einsätze bis einschließlich des Vortags bleiben, wie sie geplant waren.",
  previewTitle: "Die nächsten Termine",
  previewEmpty: "Keine Termine: Der Plan hat keine geplanten Einsätze in den nächsten zwei Jahren.",
  previewOnDemand: "Nach Bedarf: Es werden keine Einsätze geplant, die Mitarbeitenden erfassen sie bei Bedarf.",
  previewIncomplete: "Die Vorschau erscheint, sobald Rhythmus, Zeitfenster und Beginn gültig sind.",
  locationNever: "Gespeichert wird nur das Ergebnis der Standortprüfung, nie Koordinaten.",
  siteHint:
    "Wo der Eingang des Hauses liegt und in welchem Umkreis ein Einsatz als „am Objekt“ gilt. Gespeichert wird je Einsatz nur das Ergebnis, nie die Position der Mitarbeitenden.",
  proofTitle: "Nachweise",
  proofHint:
    "Der Leistungsnachweis listet jeden Einsatz des Zeitraums mit Zeiten, Checkliste, Fotos und Prüfsumme – für die Belegeinsicht der Mieter.",
  reportedLabel: "Leistung fehlt gemeldet",
  unplannedLabel: "ungeplant",
  missedHint:
    "Versäumt: Das Zeitfenster ist vorbei und kein Einsatz wurde abgeschlossen. Beim Winterdienst heißt ein Tag ohne Einsatz „kein Einsatz“ (ohne Schnee und Glätte ist keiner nötig).",
} as const;
