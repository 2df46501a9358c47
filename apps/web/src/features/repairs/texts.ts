import { type ActorKind, REPAIR_STATUS_LABELS, type RepairStatus, type Urgency } from "@mieter-portal/contracts";
import { URGENCY_LABELS } from "@mieter-portal/contracts/labels";
import type { BadgeTone } from "@/components/ui/badge";

/** The words of the repair types and places are the contracts' (one home with the console and the mails). */
export { REPAIR_LOCATION_LABELS, REPAIR_TYPE_LABELS } from "@mieter-portal/contracts/labels";

/** Labels and the FAQ's expected handling times (emergency ~24 h, urgent 1-3 days, normal 1-2 weeks, large jobs 1-4 weeks). */
export const URGENCY_OPTIONS: Record<Urgency, { label: string; time: string }> = {
  low: { label: URGENCY_LABELS.low, time: "etwa 1–4 Wochen, nach Terminvereinbarung" },
  medium: { label: URGENCY_LABELS.medium, time: "etwa 1–2 Wochen" },
  high: { label: URGENCY_LABELS.high, time: "etwa 1–3 Tage" },
  emergency: { label: URGENCY_LABELS.emergency, time: "etwa 24 Stunden" },
};

/** The words are the contracts' (REPAIR_STATUS_LABELS), the same the console and the mails use. */
export const REPAIR_STATUS: Record<RepairStatus, { label: string; tone: BadgeTone }> = {
  reported: { label: REPAIR_STATUS_LABELS.reported, tone: "warning" },
  confirmed: { label: REPAIR_STATUS_LABELS.confirmed, tone: "neutral" },
  scheduled: { label: REPAIR_STATUS_LABELS.scheduled, tone: "neutral" },
  in_progress: { label: REPAIR_STATUS_LABELS.in_progress, tone: "warning" },
  completed: { label: REPAIR_STATUS_LABELS.completed, tone: "success" },
  canceled: { label: REPAIR_STATUS_LABELS.canceled, tone: "danger" },
};

const ACTOR_LABELS: Record<ActorKind, string> = {
  tenant: "Sie",
  staff: "Hausverwaltung",
  system: "System",
};

export const repairTexts = {
  form: {
    title: "Neue Reparatur melden",
    intro: "Beschreiben Sie den Schaden möglichst genau. Fotos helfen uns, die richtige Fachfirma zu schicken.",
    type: "Art der Reparatur",
    location: "Ort in der Wohnung",
    choose: "Bitte wählen",
    description: "Beschreibung",
    descriptionPlaceholder: "Was ist kaputt? Seit wann? Was haben Sie schon versucht?",
    urgency: "Dringlichkeit",
    urgencyTime: (time: string) => `Bearbeitung: ${time}`,
    photos: "Fotos (optional)",
    photosDescription: "Bis zu 3 Fotos vom Schaden.",
    submit: "Reparatur melden",
    submitting: "Wird gesendet...",
    offlineHint:
      "Sie sind offline. Ihre Reparaturmeldung wird gespeichert und gesendet, sobald wieder eine Verbindung besteht.",
    typeRequired: "Bitte wählen Sie die Art der Reparatur.",
    locationRequired: "Bitte wählen Sie den Ort in der Wohnung.",
    descriptionRequired: "Bitte beschreiben Sie den Schaden.",
    descriptionTooLong: (max: number) => `Die Beschreibung darf höchstens ${max} Zeichen lang sein.`,
    tooManyPhotos: (max: number) => `Höchstens ${max} Fotos.`,
    missingTitle: "Fehlende Angaben",
    missingDescription: "Bitte füllen Sie alle Pflichtfelder aus.",
    successTitle: "Reparatur gemeldet",
    successDescription: "Vielen Dank! Wir melden uns, sobald Ihre Reparatur eingeplant ist.",
    errorTitle: "Fehler",
    errorDescription: "Ihre Reparaturanfrage konnte nicht übermittelt werden. Bitte versuchen Sie es später erneut.",
  },
  emergency: {
    title: "Notfall? Rufen Sie sofort an.",
    text: "Bei Wasserrohrbruch, Gasgeruch oder Stromausfall im ganzen Haus erreichen Sie unseren Notdienst rund um die Uhr.",
    call: (phone: string) => `Notdienst anrufen: ${phone}`,
  },
  list: {
    current: "Aktuelle Reparaturen",
    completed: "Abgeschlossene Reparaturen",
    emptyCurrent: "Keine offenen Reparaturen.",
    emptyCompleted: "Noch keine abgeschlossenen Reparaturen.",
    loading: "Reparaturen werden geladen...",
    loadError: "Fehler beim Laden der Reparaturen",
    loadErrorAdvice: "Bitte versuchen Sie es später erneut oder wenden Sie sich an den Support.",
    retry: "Erneut versuchen",
    reported: (date: string) => `Gemeldet am ${date}`,
    planned: (date: string) => `Geplant: ${date}`,
    photoCount: (count: number) => (count === 1 ? "1 Foto" : `${count} Fotos`),
    openLabel: (title: string, status: string) => `${title}, ${status}: Details anzeigen`,
  },
  detail: {
    title: (type: string, location: string) => `${type} – ${location}`,
    loading: "Reparatur wird geladen...",
    notFound: "Diese Reparatur wurde nicht gefunden.",
    loadError: "Fehler beim Laden der Reparatur",
    retry: "Erneut versuchen",
    back: "Zurück zu den Reparaturen",
    description: "Beschreibung",
    details: "Angaben",
    type: "Art",
    location: "Ort",
    urgency: "Dringlichkeit",
    reportedAt: "Gemeldet am",
    plannedDate: "Geplanter Termin",
    completedAt: "Abgeschlossen am",
    notPlanned: "Noch kein Termin",
    photos: "Fotos",
    noPhotos: "Keine Fotos angehängt.",
    photoAlt: (index: number, filename: string) => `Foto ${index}: ${filename}`,
    history: "Verlauf",
    /** The staff's name is their signature ("Sabine Krüger, Grünfeld Hausverwaltung"): no "(Hausverwaltung)" after it. */
    actor: (kind: ActorKind, name: string) =>
      !name ? ACTOR_LABELS[kind] : kind === "staff" ? name : `${name} (${ACTOR_LABELS[kind]})`,
    at: (date: string, time: string) => `${date}, ${time} Uhr`,
  },
  /** In the offline queue's lists and the offline no-data message (lib/changes, lib/reads). */
  resource: "Reparaturen",
  queue: { report: "Reparaturmeldung" },
} as const;
