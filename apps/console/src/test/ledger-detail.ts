import type { LedgerDetail } from "@mieter-portal/contracts/staff";

/** An answer of the ledger's writes (an account with nothing in it) for form tests. */
export const emptyLedger: LedgerDetail = {
  account: {
    tenancy_id: "00000000-0000-4000-8000-000000000001",
    tenant_id: "00000000-0000-4000-8000-000000000002",
    tenant_name: "Anna Meyer",
    tenant_email: "anna@example.com",
    building_id: null,
    building_name: null,
    apartment_number: null,
    reference: "MP-K7Q2-X9M4",
    rent: 850,
    overdue: 0,
    open: 0,
    credit: 0,
    end_date: null,
  },
  year: 2026,
  years: [2026],
  charges: [],
  payments: [],
  rent_changes: [],
  last_reminder_at: null,
};
