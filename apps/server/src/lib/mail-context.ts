import type { FastifyInstance } from "fastify";

/** Who the mails speak as: the brand, the address links point to, the organizer of .ics files. */
export interface MailContext {
  company: string;
  publicUrl: string;
  /** The management's address, the organizer of appointment .ics files. */
  supportEmail?: string;
}

/** The brand and address the mails of this server speak with. */
export const mailContextOf = (app: FastifyInstance): MailContext => ({
  company: app.config.brand.companyName,
  publicUrl: app.config.publicUrl,
  supportEmail: app.config.brand.supportEmail,
});
