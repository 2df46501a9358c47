import type { FastifyPluginAsync } from "fastify";
import { appointmentRoutes } from "./appointments.js";
import { directDebitRoutes } from "./direct-debit.js";
import { documentRoutes } from "./documents.js";
import { financeRoutes } from "./finances.js";
import { messageRoutes } from "./messages.js";
import { meterReadingRoutes } from "./meter-readings.js";
import { noticeRoutes } from "./notices.js";
import { paymentRoutes } from "./payments.js";
import { photoRoutes } from "./photos.js";
import { preferenceRoutes } from "./preferences.js";
import { tenantPushRoutes } from "./push.js";
import { repairRoutes } from "./repairs.js";
import { serviceFeedbackRoutes } from "./service-feedback.js";
import { serviceRoutes } from "./services.js";

/** Everything under /api/v1/tenant: authenticated, idempotent mutations, the tenant's own rows only. */
export const tenantRoutes: FastifyPluginAsync = async (app) => {
  await app.register(paymentRoutes);
  await app.register(financeRoutes);
  await app.register(directDebitRoutes);
  await app.register(messageRoutes);
  await app.register(appointmentRoutes);
  await app.register(documentRoutes);
  await app.register(meterReadingRoutes);
  await app.register(repairRoutes);
  await app.register(photoRoutes);
  await app.register(preferenceRoutes);
  await app.register(tenantPushRoutes);
  await app.register(noticeRoutes);
  await app.register(serviceRoutes);
  await app.register(serviceFeedbackRoutes);
};
