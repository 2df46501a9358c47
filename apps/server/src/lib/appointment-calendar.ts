/**
 * The .ics an appointment mail carries (issue 25 §14), written by hand per RFC 5545 and iTIP
 * (RFC 5546): METHOD:REQUEST for an accepted or moved appointment, METHOD:CANCEL for a cancelled
 * one. The UID is stable per appointment, SEQUENCE rises with each version, so a calendar replaces
 * or removes the event it already has. Times are UTC (no VTIMEZONE needed); lines end in CRLF and
 * are folded at 75 octets; text values escape backslash, semicolon, comma and line breaks.
 */

export type CalendarMethod = "REQUEST" | "CANCEL";

export interface CalendarEvent {
  method: CalendarMethod;
  appointmentId: string;
  sequence: number;
  start: string;
  end: string;
  title: string;
  location: string | null;
  description: string;
  /** CONFIRMED (accepted), TENTATIVE (a time waiting for the tenant), CANCELLED. */
  status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The portal's address: its host names the UID's domain. */
  publicUrl: string;
  now: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A quoted parameter value (RFC 5545 §3.2): no double quotes or control characters inside. */
const paramValue = (value: string) => `"${value.replace(/["\p{Cc}]/gu, "")}"`;

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and one space), never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // The first line holds 75 octets; each continuation line's leading space counts as one.
    if (octets + size > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n");
}

/** 20261201T080000Z */
const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function calendarUid(appointmentId: string, publicUrl: string): string {
  let host = "mieter-portal";
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep the default
  }
  return `termin-${appointmentId}@${host}`;
}

export function appointmentCalendar(event: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Mieter-Portal//Termine//DE",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${calendarUid(event.appointmentId, event.publicUrl)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    `STATUS:${event.status}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${event.attendee.email}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** The METHOD of a stored .ics (the mailer names it in the text/calendar part). */
export function calendarMethodOf(ics: string): CalendarMethod {
  return /\r\nMETHOD:CANCEL\r\n/.test(ics) ? "CANCEL" : "REQUEST";
}
