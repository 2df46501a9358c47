import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { calendarMethodOf } from "./appointment-calendar.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An .ics (appointment mails): sent as text/calendar part and as attachment termin.ics. */
  calendar?: string;
  /** Files the mail carries (the payment reminder's GiroCode). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** nodemailer's message: the .ics as icalEvent (its METHOD in the content type, RFC 6047). */
const message = ({ calendar, ...mail }: Mail) =>
  calendar
    ? {
        ...mail,
        icalEvent: { method: calendarMethodOf(calendar).toLowerCase(), filename: "termin.ics", content: calendar },
      }
    : mail;

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to DATA_DIR/outbox
 * (a property manager can open it; the tests read the reset link from it).
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...message(mail) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...message(mail) });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
  };
}
