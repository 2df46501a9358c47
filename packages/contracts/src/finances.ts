import { z } from "zod";
import { calendarDate, money } from "./common.js";
import { rentPayment } from "./payments.js";

export const paymentMethod = z.enum(["sepa_direct_debit", "bank_transfer", "standing_order"]);
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const financesQuery = z.object({
  year: z.coerce
    .number({ error: "Bitte geben Sie ein gültiges Jahr an." })
    .int({ error: "Bitte geben Sie ein gültiges Jahr an." })
    .min(2000, { error: "Bitte geben Sie ein gültiges Jahr an." })
    .max(2100, { error: "Bitte geben Sie ein gültiges Jahr an." })
    .optional(),
});
export type FinancesQuery = z.infer<typeof financesQuery>;

export const openInvoice = z.object({
  id: z.string(),
  title: z.string(),
  amount: money,
  currency: z.string(),
  due_date: calendarDate,
  issued_at: calendarDate,
});
export type OpenInvoice = z.infer<typeof openInvoice>;

export const financesResponse = z.object({
  year: z.number().int(),
  /** Years that have payments, newest first. */
  years: z.array(z.number().int()),
  rent: z.object({
    base_rent: money,
    utilities: money,
    total: money,
    currency: z.string(),
    payment_method: paymentMethod,
    due_day: z.number().int().min(1).max(31),
    iban_last4: z.string().nullable(),
  }),
  payments: z.array(rentPayment),
  open_invoices: z.array(openInvoice),
});
export type FinancesResponse = z.infer<typeof financesResponse>;
