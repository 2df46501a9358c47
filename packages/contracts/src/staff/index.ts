/**
 * The staff console's API (issue 11): imported as "@mieter-portal/contracts/staff" so that none
 * of it reaches the tenant app's bundle.
 */
export * from "./admin.js";
export * from "./auth.js";
export * from "./documents.js";
export * from "./inbox.js";
export * from "./items.js";
export * from "./ledger.js";
export * from "./meter-campaigns.js";
export * from "./notices.js";
export * from "./onboarding.js";
export * from "./password-reset.js";
export * from "./repair-create.js";
export * from "./roles.js";
export * from "./sepa.js";
