/**
 * Repair titles for inbox lines, mails and the audit log ("Sanitär – Küche"): the short form of the
 * contracts' labels, from their one home (packages/contracts/src/labels.ts, decision 040).
 */
export { repairTitle } from "@mieter-portal/contracts";
