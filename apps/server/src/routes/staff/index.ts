import type { FastifyPluginAsync } from "fastify";
import { staffAccountRoutes } from "./account.js";
import { staffAdminRoutes } from "./admin.js";
import { staffAppointmentRoutes } from "./appointments.js";
import { staffBuildingSiteRoutes } from "./building-sites.js";
import { staffDocumentRoutes } from "./documents.js";
import { staffInboxRoutes } from "./inbox.js";
import { staffInternalNoteRoutes } from "./internal-notes.js";
import { staffLedgerRoutes } from "./ledger.js";
import { staffMeterCampaignRoutes } from "./meter-campaigns.js";
import { staffMeterReadingRoutes } from "./meter-readings.js";
import { staffNoticeRoutes } from "./notices.js";
import { staffOnboardingRoutes } from "./onboarding.js";
import { staffPushRoutes } from "./push.js";
import { staffRepairRoutes } from "./repairs.js";
import { refuseOutsideRole } from "./role-scope.js";
import { staffSepaRoutes } from "./sepa.js";
import { staffSepaMandateRoutes } from "./sepa-mandates.js";
import { staffSepaReturnRoutes } from "./sepa-returns.js";
import { staffServiceFeedbackRoutes } from "./service-feedback.js";
import { staffServiceMissedRoutes } from "./service-missed.js";
import { staffServiceProofRoutes } from "./service-proof.js";
import { staffServiceRecordRoutes } from "./service-records.js";
import { staffServiceRoutes } from "./services.js";
import { staffTenantRoutes } from "./tenants.js";
import { staffThreadRoutes } from "./threads.js";

/**
 * Everything under /api/v1/staff that needs a staff token (the scope's hook sets request.staff).
 * Each route checks its role capability and the item's building; other buildings' items are 404.
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  app.addHook("onRequest", refuseOutsideRole);
  await app.register(staffAccountRoutes);
  await app.register(staffPushRoutes);
  await app.register(staffInboxRoutes);
  await app.register(staffRepairRoutes);
  await app.register(staffInternalNoteRoutes);
  await app.register(staffThreadRoutes);
  await app.register(staffAppointmentRoutes);
  await app.register(staffMeterReadingRoutes);
  await app.register(staffMeterCampaignRoutes);
  await app.register(staffTenantRoutes);
  await app.register(staffOnboardingRoutes);
  await app.register(staffNoticeRoutes);
  await app.register(staffLedgerRoutes);
  await app.register(staffSepaRoutes);
  await app.register(staffSepaMandateRoutes);
  await app.register(staffSepaReturnRoutes);
  await app.register(staffDocumentRoutes);
  await app.register(staffServiceRoutes);
  await app.register(staffServiceRecordRoutes);
  await app.register(staffServiceFeedbackRoutes);
  await app.register(staffServiceMissedRoutes);
  await app.register(staffServiceProofRoutes);
  await app.register(staffBuildingSiteRoutes);
  await app.register(staffAdminRoutes);
};
