import { z } from "zod";
import { calendarDate, money } from "./common.js";
import { chargeDirectDebit } from "./sepa.js";

/** paid 'Bezahlt', pending 'Ausstehend', anything else 'Überfällig' (spec section 4). */
export const paymentStatus = z.enum(["paid", "pending", "overdue"]);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const rentPayment = z.object({
  id: z.string(),
  amount: money,
  currency: z.string(),
  status: paymentStatus,
  due_date: calendarDate,
  paid_at: z.string().nullable(),
  description: z.string(),
  /** The charge's latest direct debit (issue 28): "Lastschrift eingereicht", or returned with its reason. */
  direct_debit: chargeDirectDebit.nullable().optional(),
});
export type RentPayment = z.infer<typeof rentPayment>;

/** GET tenant/payments/current: the next payment that is not paid yet, else null. */
export const currentPaymentResponse = rentPayment.nullable();
export type CurrentPaymentResponse = z.infer<typeof currentPaymentResponse>;
