import type { MeterKind } from "@mieter-portal/contracts";
import { METER_NAMES } from "@mieter-portal/contracts/labels";

export const meterTexts = {
  formTitle: "Zählerstände melden",
  formIntro: "Tragen Sie die Werte so ein, wie sie auf dem Zähler stehen. Fotos sind freiwillig.",
  meters: {
    water: { name: METER_NAMES.water, label: `${METER_NAMES.water} (m³)`, photo: "Foto Wasserzähler" },
    electricity: {
      name: METER_NAMES.electricity,
      label: `${METER_NAMES.electricity} (kWh)`,
      photo: "Foto Stromzähler",
    },
    heating: { name: METER_NAMES.heating, label: `${METER_NAMES.heating} (kWh)`, photo: "Foto Heizungszähler" },
  } satisfies Record<MeterKind, { name: string; label: string; photo: string }>,
  valuePlaceholder: "z. B. 1234,567",
  valueHint: "Mit Komma, bis zu 3 Nachkommastellen",
  readingDate: "Ablesedatum",
  submit: "Zählerstände senden",
  submitting: "Wird gesendet...",
  offlineHint:
    "Sie sind offline. Ihre Zählerstände werden gespeichert und gesendet, sobald wieder eine Verbindung besteht.",
  errors: {
    notANumber: "Bitte geben Sie eine Zahl ein, z. B. 1234,567.",
    negative: "Ein Zählerstand kann nicht negativ sein.",
    tooManyDecimals: (max: number) => `Bitte höchstens ${max} Nachkommastellen angeben.`,
    tooLarge: "Dieser Wert ist zu groß für einen Zähler.",
    atLeastOne: "Bitte geben Sie mindestens einen Zählerstand an.",
    dateMissing: "Bitte geben Sie das Ablesedatum an.",
    dateInvalid: "Bitte geben Sie ein gültiges Datum an.",
  },
  hints: {
    title: "Bitte prüfen Sie den Wert",
    lower: (last: string, date: string) =>
      `Er ist niedriger als Ihr letzter Stand (${last} am ${date}). Zählerstände steigen normalerweise nur an – wurde der Zähler getauscht, bestätigen Sie den Wert beim Senden.`,
    jump: (increase: string, date: string, usual: string) =>
      `Das wären ${increase} mehr als am ${date}; üblich sind in dieser Zeit etwa ${usual}. Vielleicht ist das Komma verrutscht? Stimmt der Wert, können Sie ihn trotzdem senden.`,
  },
  confirmLower: {
    title: "Niedrigeren Zählerstand bestätigen",
    intro: "Zählerstände steigen normalerweise nur an. Bitte prüfen Sie:",
    line: (meter: string, value: string, last: string, date: string) =>
      `${meter}: ${value} – Ihr letzter Stand war ${last} am ${date}.`,
    outro:
      "Stimmt der Wert, etwa nach einem Zählertausch, bestätigen Sie ihn bitte. Die Hausverwaltung sieht den Hinweis und prüft ihn.",
    cancel: "Wert korrigieren",
    confirm: "Wert bestätigen und senden",
  },
  successTitle: "Zählerstände gemeldet",
  successDescription: "Vielen Dank! Ihre Zählerstände wurden übermittelt.",
  errorTitle: "Fehler",
  errorDescription: "Ihre Zählerstände konnten nicht übermittelt werden. Bitte versuchen Sie es später erneut.",
  history: {
    title: "Letzte Zählerstände",
    loading: "Zählerstände werden geladen...",
    loadError: "Fehler beim Laden der Zählerstände",
    loadErrorAdvice: "Bitte versuchen Sie es später erneut oder wenden Sie sich an den Support.",
    retry: "Erneut versuchen",
    empty: "Sie haben noch keine Zählerstände gemeldet.",
    readingOf: (date: string) => `Stand vom ${date}`,
    submittedAt: (date: string, time: string) => `Gemeldet am ${date} um ${time} Uhr`,
    notGiven: "nicht angegeben",
    photoAlt: (meter: string, date: string) => `Foto ${meter} vom ${date}`,
    photos: "Fotos",
  },
  window: {
    title: "Zeit für Ihre Zählerstände",
    text: "Zwischen dem 27. Dezember und dem 3. Januar werden die Zählerstände für die Nebenkostenabrechnung benötigt. Bitte melden Sie jetzt Wasser, Strom und Heizung.",
  },
  /** In the offline queue's lists and the offline no-data message (lib/changes, lib/reads). */
  resource: "Zählerstände",
  queue: { submit: "Zählerstände" },
} as const;
