import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Portable column conventions (one migration set for SQLite and PostgreSQL):
 * ids are UUID text; instants are ISO-8601 UTC text ("2025-03-25T10:00:00.000Z", sortable);
 * calendar dates are "YYYY-MM-DD" text; booleans are integers 0/1; money is integer cents;
 * meter values are integer thousandths (exact to 0.001).
 */
export interface TenantsTable {
  id: string;
  email: string;
  email_normalized: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  password_changed_at: string;
  /** Raised by every password change or reset; tokens of an older version are no longer valid. */
  session_version: Generated<number>;
  created_at: string;
}

export interface StaffUsersTable {
  id: string;
  email: string;
  name: string;
  created_at: string;
}

export interface TenanciesTable {
  id: string;
  tenant_id: string;
  address: string;
  apartment_number: string | null;
  start_date: string;
  end_date: string | null;
  base_rent_cents: number;
  utilities_cents: number;
  payment_method: string;
  due_day: number;
  iban_last4: string | null;
  created_at: string;
}

export interface PaymentsTable {
  id: string;
  tenant_id: string;
  tenancy_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  due_date: string;
  paid_at: string | null;
  description: string;
  created_at: string;
}

export interface InvoicesTable {
  id: string;
  tenant_id: string;
  title: string;
  amount_cents: number;
  currency: string;
  issued_at: string;
  due_date: string;
  paid_at: string | null;
  created_at: string;
}

export interface MessageThreadsTable {
  id: string;
  tenant_id: string;
  subject: string;
  created_at: string;
  last_message_at: string;
}

export interface MessagesTable {
  id: string;
  thread_id: string;
  tenant_id: string;
  /** inbound = management → tenant, outbound = tenant → management */
  direction: string;
  actor_kind: string;
  staff_user_id: string | null;
  sender_name: string;
  content: string;
  received_at: string;
  read_at: string | null;
}

export interface AppointmentsTable {
  id: string;
  tenant_id: string;
  type: string;
  title: string;
  status: string;
  start_time: string;
  end_time: string;
  requested_date: string | null;
  time_slot: string | null;
  notes: string | null;
  location: string | null;
  created_at: string;
  updated_at: string;
}

export interface AppointmentStatusChangesTable {
  id: string;
  appointment_id: string;
  status: string;
  changed_at: string;
  actor_kind: string;
  actor_name: string;
}

export interface DocumentsTable {
  id: string;
  tenant_id: string;
  title: string;
  type: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  original_filename: string;
  uploaded_at: string;
  is_tenant_uploaded: number;
  actor_kind: string;
}

export interface MeterReadingsTable {
  id: string;
  tenant_id: string;
  reading_date: string;
  submitted_at: string;
  water_milli: number | null;
  electricity_milli: number | null;
  heating_milli: number | null;
}

export interface PhotosTable {
  id: string;
  tenant_id: string;
  /** "meter_reading" | "repair" */
  owner_type: string;
  owner_id: string;
  /** water | electricity | heating for meter photos */
  meter: string | null;
  position: number;
  filename: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: string;
}

export interface RepairsTable {
  id: string;
  tenant_id: string;
  type: string;
  location: string;
  description: string;
  urgency: string;
  status: string;
  reported_at: string;
  planned_date: string | null;
  completed_at: string | null;
  updated_at: string;
}

export interface RepairStatusHistoryTable {
  id: string;
  repair_id: string;
  status: string;
  changed_at: string;
  actor_kind: string;
  actor_name: string;
  note: string | null;
}

export interface RevokedTokensTable {
  jti: string;
  tenant_id: string;
  expires_at: string;
  revoked_at: string;
}

export interface PasswordResetTokensTable {
  id: string;
  tenant_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface IdempotencyKeysTable {
  tenant_id: string;
  key: string;
  request_hash: string;
  /** "in_progress" | "done" */
  state: string;
  response_status: number | null;
  response_body: string | null;
  response_type: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface LoginAttemptsTable {
  id: string;
  /** "account" | "ip" */
  scope: string;
  subject: string;
  attempted_at: string;
}

export interface Database {
  tenants: TenantsTable;
  staff_users: StaffUsersTable;
  tenancies: TenanciesTable;
  payments: PaymentsTable;
  invoices: InvoicesTable;
  message_threads: MessageThreadsTable;
  messages: MessagesTable;
  appointments: AppointmentsTable;
  appointment_status_changes: AppointmentStatusChangesTable;
  documents: DocumentsTable;
  meter_readings: MeterReadingsTable;
  photos: PhotosTable;
  repairs: RepairsTable;
  repair_status_history: RepairStatusHistoryTable;
  revoked_tokens: RevokedTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  login_attempts: LoginAttemptsTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type Tenancy = Selectable<TenanciesTable>;
export type NewTenancy = Insertable<TenanciesTable>;
export type TenancyUpdate = Updateable<TenanciesTable>;
export type Payment = Selectable<PaymentsTable>;
export type Invoice = Selectable<InvoicesTable>;
export type MessageThreadRow = Selectable<MessageThreadsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type MeterReadingRow = Selectable<MeterReadingsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type RepairRow = Selectable<RepairsTable>;
export type RepairHistoryRow = Selectable<RepairStatusHistoryTable>;
