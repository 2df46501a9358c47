import { APPOINTMENT_STATUS_LABELS } from "@mieter-portal/contracts/labels";
import type { BadgeTone } from "@/components/ui/badge";

export const appointmentTexts = {
  upcoming: "Anstehende Termine",
  empty: "Keine anstehenden Termine",
  reschedule: "Verschieben",
  confirm: "Bestätigen",
  rescheduleLabel: (title: string) => `Verschieben: ${title}`,
  confirmLabel: (title: string) => `Bestätigen: ${title}`,
  viewAll: "Alle ansehen",
  errorTitle: "Fehler",
  retry: "Erneut versuchen",
  offlineHint: "Sie sind offline. Ihre Angaben werden gespeichert und gesendet, sobald wieder eine Verbindung besteht.",
  form: {
    title: "Termin vereinbaren",
    description: "Wählen Sie Art, Datum und Zeitfenster. Die Hausverwaltung bestätigt Ihren Wunschtermin.",
    type: "Art des Termins",
    typePlaceholder: "Bitte wählen",
    date: "Datum",
    timeSlot: "Zeitfenster",
    notes: "Anmerkungen (optional)",
    notesPlaceholder: "Worum geht es? Wann sind Sie gut erreichbar?",
    submit: "Termin anfragen",
    sending: "Wird gesendet...",
    requiredType: "Bitte wählen Sie die Art des Termins.",
    requiredDate: "Bitte wählen Sie ein Datum.",
    requiredTimeSlot: "Bitte wählen Sie ein Zeitfenster.",
    invalidDate: "Bitte geben Sie ein gültiges Datum an.",
    notesTooLong: (max: number) => `Anmerkungen dürfen höchstens ${max} Zeichen lang sein.`,
    missingTitle: "Fehlende Angaben",
    missingDescription: "Bitte füllen Sie alle Pflichtfelder aus.",
    successTitle: "Termin angefragt",
    successDescription: "Wir melden uns, sobald Ihr Termin bestätigt ist.",
    failed: "Ihre Terminanfrage konnte nicht übermittelt werden. Bitte versuchen Sie es später erneut.",
    rescheduling: (title: string) =>
      `Sie verschieben „${title}“. Wählen Sie ein neues Datum und Zeitfenster und senden Sie die Anfrage ab.`,
    stopRescheduling: "Nicht vorausfüllen",
  },
  list: {
    upcomingTitle: "Anstehende Termine",
    pastTitle: "Vergangene und abgesagte Termine",
    emptyUpcoming: "Keine anstehenden Termine",
    emptyPast: "Keine vergangenen Termine",
    loading: "Termine werden geladen...",
    loadError: "Die Termine konnten nicht geladen werden.",
  },
  detail: {
    loading: "Termin wird geladen...",
    loadError: "Der Termin konnte nicht geladen werden.",
    notFound: "Termin nicht gefunden",
    notFoundHint: "Diesen Termin gibt es nicht oder er gehört nicht zu Ihrem Konto.",
    allAppointments: "Alle Termine",
    type: "Art",
    date: "Datum",
    time: "Uhrzeit",
    location: "Ort",
    notes: "Anmerkungen",
    managementNote: "Nachricht der Hausverwaltung",
    actionsLabel: "Termin bearbeiten",
    pendingHint: "Bitte bestätigen Sie den Termin oder schlagen Sie einen anderen vor.",
    awaitingHint: "Wartet auf Bestätigung durch die Hausverwaltung.",
    awaitingMore: "Sie können Ihre Anfrage verschieben oder absagen.",
    cancel: "Termin absagen",
    cancelTitle: "Termin absagen?",
    cancelDescription: (title: string, date: string) =>
      `Möchten Sie „${title}“ am ${date} wirklich absagen? Das lässt sich nicht rückgängig machen.`,
    cancelConfirm: "Ja, absagen",
    keep: "Nicht absagen",
    rescheduleTitle: "Termin verschieben?",
    rescheduleDescription: (title: string) =>
      `„${title}“ wird abgesagt. Danach öffnet sich die Terminanfrage mit Ihren bisherigen Angaben, damit Sie einen neuen Termin wählen können.`,
    rescheduleConfirm: "Absagen und neu anfragen",
    canceledHint: "Dieser Termin wurde abgesagt.",
    completedHint: "Dieser Termin ist abgeschlossen.",
    pastHint: "Dieser Termin liegt in der Vergangenheit.",
    requestNew: "Neuen Termin vereinbaren",
  },
  status: {
    successTitle: "Status aktualisiert",
    confirmed: "Ihr Termin ist bestätigt.",
    canceled: "Ihr Termin wurde abgesagt.",
    failed: "Der Terminstatus konnte nicht aktualisiert werden.",
  },
  /** In the offline queue's lists and the offline no-data message (lib/changes, lib/reads). */
  resource: "Termine",
  queue: {
    request: "Terminanfrage",
    confirm: "Termin bestätigen",
    cancel: "Termin absagen",
  },
} as const;

/** German labels of the appointment types and slots (spec section 3): the contracts' words. */
export { APPOINTMENT_TYPE_LABELS, TIME_SLOT_NAMES } from "@mieter-portal/contracts/labels";

/**
 * confirmed 'Bestätigt', pending 'Ausstehend', anything else 'Abgeschlossen' (spec section 4);
 * a canceled appointment says 'Abgesagt' so a tenant does not take it for one that took place.
 */
export function appointmentStatusLabel(status: string): { label: string; tone: BadgeTone } {
  if (status === "confirmed") return { label: APPOINTMENT_STATUS_LABELS.confirmed, tone: "success" };
  if (status === "pending") return { label: APPOINTMENT_STATUS_LABELS.pending, tone: "warning" };
  if (status === "canceled") return { label: APPOINTMENT_STATUS_LABELS.canceled, tone: "danger" };
  return { label: APPOINTMENT_STATUS_LABELS.completed, tone: "neutral" };
}

/** Spec section 9: the dashboard shows the next 2 appointments. */
export const DASHBOARD_APPOINTMENT_COUNT = 2;
