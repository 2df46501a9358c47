import type { ActorKind } from "@mieter-portal/contracts";
import type { PaymentSeed } from "../../domain/ledger/rows.js";
import type { FileStore } from "../../lib/file-store.js";
import type { Db } from "../connection.js";
import { type Calendar, rentDescription } from "./calendar.js";

const DAY_MS = 86_400_000;

/** The demo accounts the start-up log and the README name. */
export const DEMO_PASSWORD = "demo1234";
export const DEMO_EMAIL = "demo@example.com";
export const NEIGHBOUR_EMAIL = "nachbar@example.com";

/** Signs the demo conversations; the same person is the demo Verwalter of the staff console. */
export const DEMO_STAFF = { email: "verwalter@example.com", name: "Sabine Krüger" } as const;

/** What each tenant's seed function receives. */
export interface SeedContext {
  db: Db;
  files: FileStore;
  cal: Calendar;
  company: string;
  staffUserId: string;
  passwordHash: string;
}

/**
 * Monthly rent for the given due dates: every instalment due by today is paid (collected a day or
 * two before the due date), the first one due after today is pending — the next payment the
 * dashboard shows — and the list ends there.
 */
export function rentPayments(dueDates: Iterable<string>, amountCents: number, cal: Calendar): PaymentSeed[] {
  const payments: PaymentSeed[] = [];
  for (const dueDate of dueDates) {
    const description = rentDescription(dueDate);
    if (dueDate > cal.today) {
      payments.push({ amountCents, status: "pending", dueDate, paidAt: null, description, createdAt: cal.at(-1, 6) });
      break;
    }
    const daysBefore = 1 + (payments.length % 2);
    const paidAt = new Date(Date.parse(cal.atDate(dueDate, 7, 30)) - daysBefore * DAY_MS).toISOString();
    const createdAt = new Date(Date.parse(paidAt) - 14 * DAY_MS).toISOString();
    payments.push({ amountCents, status: "paid", dueDate, paidAt, description, createdAt });
  }
  return payments;
}

/** Who made a history entry in the demo's past (a repair's, an appointment's, a message's). */
export type Actor = { kind: ActorKind; name: string };
