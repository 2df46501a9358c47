import type {
  SepaCreditorSettings,
  SepaMandate,
  SepaPreviewItem,
  SepaReturn,
  SepaRunDetail,
  SepaRunPreview,
} from "@mieter-portal/contracts/staff";

/** Answers of the SEPA routes for the feature's component tests (the contracts' shapes). */

export const TENANCY = "00000000-0000-4000-8000-000000000011";
export const BUILDING = "00000000-0000-4000-8000-000000000021";
export const RUN = "00000000-0000-4000-8000-000000000031";
export const CHARGE_A = "00000000-0000-4000-8000-000000000041";
export const CHARGE_B = "00000000-0000-4000-8000-000000000042";

export const creditor: SepaCreditorSettings = {
  creditor_id: "DE98ZZZ09999999999",
  name: "Hausverwaltung Muster GmbH",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  lead_days: 2,
  prenotice_days: 5,
  updated_at: "2026-11-20T09:00:00.000Z",
  updated_by: { id: "00000000-0000-4000-8000-000000000051", name: "Petra Admin" },
};

export const activeMandate: SepaMandate = {
  id: "00000000-0000-4000-8000-000000000061",
  tenancy_id: TENANCY,
  tenant_name: "Anna Meyer",
  building: { id: BUILDING, name: "Lindenstraße 5" },
  unit: "3",
  reference: "MP-K7Q2-X9M4-01",
  signed_on: "2026-01-15",
  debtor_name: "Anna Meyer",
  iban: "DE89370400440532013000",
  iban_masked: "DE89 •••• •••• •••• ••30 00",
  bic: null,
  state: "active",
  next_sequence: "RCUR",
  last_collection_on: "2026-11-03",
  expires_on: "2029-11-03",
  revoked_at: null,
  revoke_reason: null,
  created_at: "2026-01-16T10:00:00.000Z",
  created_by: null,
};

const item = (over: Partial<SepaPreviewItem>): SepaPreviewItem => ({
  charge_id: CHARGE_A,
  tenancy_id: TENANCY,
  tenant_name: "Anna Meyer",
  building_name: "Lindenstraße 5",
  unit: "3",
  description: "Miete Dezember 2026",
  due_date: "2026-12-03",
  amount: 850,
  sequence: "RCUR",
  mandate_reference: "MP-K7Q2-X9M4-01",
  iban_masked: "DE89 •••• •••• •••• ••30 00",
  prenotice: "email",
  problems: [],
  ...over,
});

export const preview: SepaRunPreview = {
  month: "2026-12",
  collection_date: "2026-12-02",
  earliest_collection_date: "2026-12-02",
  problems: [],
  items: [
    item({}),
    item({
      charge_id: CHARGE_B,
      tenant_name: "Bernd Schulz",
      unit: "4",
      amount: 720,
      sequence: null,
      mandate_reference: null,
      iban_masked: null,
      prenotice: null,
      problems: ["Kein SEPA-Mandat – bitte ein unterschriebenes Mandat erfassen."],
    }),
  ],
  totals: {
    count: 1,
    amount: 850,
    with_problems: 1,
    by_sequence: [{ sequence: "RCUR", count: 1, amount: 850 }],
  },
};

export const run: SepaRunDetail = {
  id: RUN,
  month: "2026-12",
  building: { id: BUILDING, name: "Lindenstraße 5" },
  collection_date: "2026-12-03",
  state: "created",
  message_id: "MP-20261127-0001",
  count: 1,
  amount: 850,
  returned_count: 0,
  created_at: "2026-11-27T10:00:00.000Z",
  created_by: { id: "00000000-0000-4000-8000-000000000052", name: "Vera Verwalterin" },
  downloaded_at: null,
  cancelled_at: null,
  file_name: "pain008-2026-12-03-MP-20261127-0001.xml",
  by_sequence: [{ sequence: "RCUR", count: 1, amount: 850 }],
  items: [
    {
      charge_id: CHARGE_A,
      tenancy_id: TENANCY,
      tenant_name: "Anna Meyer",
      building_name: "Lindenstraße 5",
      unit: "3",
      description: "Miete Dezember 2026",
      due_date: "2026-12-03",
      amount: 850,
      sequence: "RCUR",
      mandate_reference: "MP-K7Q2-X9M4-01",
      iban_masked: "DE89 •••• •••• •••• ••30 00",
      end_to_end_id: "MP-20261127-0001-1",
      state: "submitted",
      prenotice: "email",
      return_reason: null,
    },
  ],
};

export const returned: SepaReturn = {
  id: "00000000-0000-4000-8000-000000000071",
  run_id: RUN,
  charge_id: CHARGE_A,
  tenancy_id: TENANCY,
  tenant_name: "Anna Meyer",
  building_name: "Lindenstraße 5",
  unit: "3",
  description: "Miete Dezember 2026",
  amount: 850,
  fee: 3.5,
  fee_decision: "open",
  reason_code: "AC04",
  reason: "AC04 – Konto erloschen",
  booked_on: "2026-12-07",
  thread_id: "00000000-0000-4000-8000-000000000081",
  created_at: "2026-12-07T08:00:00.000Z",
};
