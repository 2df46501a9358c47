/**
 * The API paths of rent by SEPA direct debit (issue 28) that only the Finanzen screen uses. Kept
 * out of ./api-paths as ./api-paths-start is: that table sits in a chunk every signed-in and most
 * public screens load, these sit in the Finanzen chunk (import them as a namespace too).
 */

/** The SEPA mandate as the tenant sees it, and the request to pay from another account. */
export const directDebit = "/api/v1/tenant/finances/direct-debit";
export const directDebitChangeRequest = `${directDebit}/change-request`;
/** The GiroCode (EPC QR code) of an open or overdue charge. */
export const giroCode = (paymentId: string) => `/api/v1/tenant/payments/${encodeURIComponent(paymentId)}/girocode`;
