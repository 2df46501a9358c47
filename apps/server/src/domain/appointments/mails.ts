/**
 * The appointments module's mail texts (German): pure functions of their data; the callers write
 * them to the outbox with the calendar attachment (decision 037).
 */
const berlinDate = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

const berlinTime = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" });

/** "01.12.2026, 09:00–10:00 Uhr" in Berlin time (mails). */
export function berlinTimeRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  return berlinDate.format(start) === berlinDate.format(end)
    ? `${berlinDate.format(start)}, ${berlinTime.format(start)}–${berlinTime.format(end)} Uhr`
    : `${berlinDate.format(start)}, ${berlinTime.format(start)} Uhr bis ${berlinDate.format(end)}, ${berlinTime.format(end)} Uhr`;
}

export const noteLines = (actor: { signature: string }, note: string | null | undefined) =>
  note ? ["", `Nachricht der Hausverwaltung (${actor.signature}):`, note] : [];

export const proposalLines = (title: string, start: string, end: string, location: string | null) => [
  `Neuer Terminvorschlag: ${berlinTimeRange(start, end)}`,
  `Termin: ${title}`,
  ...(location ? [`Ort: ${location}`] : []),
  "",
  "Bitte bestätigen Sie den Termin im Mieter-Portal oder sagen Sie ihn ab.",
];

type Shown = { title: string; start_time: string; end_time: string; location: string | null };

/** The management accepted the tenant's request at `when` (the .ics goes with it). */
export const acceptedMail = (after: Shown, actor: { signature: string }, note: string | null | undefined) => ({
  subject: "Ihr Termin wurde bestätigt",
  lines: [
    `Ihr Termin wurde bestätigt: ${berlinTimeRange(after.start_time, after.end_time)}`,
    `Termin: ${after.title}`,
    ...(after.location ? [`Ort: ${after.location}`] : []),
    ...noteLines(actor, note),
    "",
    "Im Anhang finden Sie den Termin für Ihren Kalender (termin.ics).",
  ],
});

/** The management declined the appointment with a reason; `withCalendar` when an .ics removes it. */
export const declinedMail = (before: Shown, reason: string, withCalendar: boolean) => ({
  subject: "Ihr Termin wurde abgesagt",
  lines: [
    `Ihr Termin „${before.title}“ (${berlinTimeRange(before.start_time, before.end_time)}) wurde abgesagt: ${reason}`,
    "",
    "Sie können im Mieter-Portal jederzeit einen neuen Termin anfragen.",
    ...(withCalendar ? ["Der Anhang (termin.ics) entfernt den Termin aus Ihrem Kalender."] : []),
  ],
});

/** A confirmed (or calendared) appointment moved to another time. */
export const rescheduledMail = (
  before: Shown,
  after: Shown,
  actor: { signature: string },
  note: string | null | undefined,
) => ({
  subject: "Ihr Termin wurde verschoben",
  lines: [
    `Ihr Termin „${after.title}“ wurde verschoben.`,
    `Bisher: ${berlinTimeRange(before.start_time, before.end_time)}`,
    `Neu: ${berlinTimeRange(after.start_time, after.end_time)}`,
    ...(after.location ? [`Ort: ${after.location}`] : []),
    ...(note ? [`Grund (${actor.signature}): ${note}`] : []),
    "",
    "Bitte bestätigen Sie den neuen Termin im Mieter-Portal oder sagen Sie ihn ab.",
    "Der Anhang (termin.ics) trägt die neue Zeit in Ihren Kalender ein.",
  ],
});

/** A time the management proposes (for a request or a new appointment of its own). */
export const proposedMail = (row: Shown, actor: { signature: string }, note: string | null | undefined) => ({
  subject: "Neuer Terminvorschlag",
  lines: [...proposalLines(row.title, row.start_time, row.end_time, row.location), ...noteLines(actor, note)],
});
