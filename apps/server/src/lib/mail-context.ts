import type { FastifyInstance } from "fastify";
import type { MailContext } from "./notify.js";

/** The brand and address the mails of this server speak with. */
export const mailContextOf = (app: FastifyInstance): MailContext => ({
  company: app.config.brand.companyName,
  publicUrl: app.config.publicUrl,
  supportEmail: app.config.brand.supportEmail,
});
