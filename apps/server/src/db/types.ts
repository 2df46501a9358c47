import type {
  ActorKind,
  AppointmentOrigin,
  AppointmentStatus,
  AppointmentType,
  CampaignKind,
  CampaignMeter,
  DocumentType,
  MessageDirection,
  MeterKind,
  NoticeKind,
  PaymentMethod,
  PaymentStatus,
  PushDeliveryState,
  PushEventKind,
  PushUrgency,
  RepairLocation,
  RepairStatus,
  RepairType,
  Urgency,
} from "@mieter-portal/contracts";
import type { BetrkvCategory } from "@mieter-portal/contracts/services";
import type { DocumentAudience, InboxKind, InboxState, StaffRole } from "@mieter-portal/contracts/staff";
import type { Generated, Selectable } from "kysely";

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
  /** E-mail about the management's answers (Einstellungen → Benachrichtigungen). */
  notify_email: Generated<number>;
  /** First name, last name and e-mail folded for the console's search (lib/search-text.ts, decision 030). */
  search_text: string;
  /** The list's German order, last name first (lib/sort-key.ts, issue 25 item 19). */
  sort_key: string;
  created_at: string;
}

export interface StaffUsersTable {
  id: string;
  email: string;
  email_normalized: string | null;
  name: string;
  /** administrator | verwalter | hausmeister */
  role: Generated<StaffRole>;
  active: Generated<number>;
  /** Null until the invitation link was used. */
  password_hash: string | null;
  password_changed_at: string | null;
  session_version: Generated<number>;
  /** Base32 TOTP secret; set while enrolling, used once totp_enabled is 1. */
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** The last TOTP time step accepted (RFC 6238 §5.2: each code once); null until one was used. */
  totp_last_step: number | null;
  notify_new_items: Generated<number>;
  last_digest_at: string | null;
  created_at: string;
}

export interface BuildingsTable {
  id: string;
  name: string;
  address: string;
  created_at: string;
  /** Where the house is (WGS 84), to check a crew member's position fix on Beginn (issue 27, migration 0026). */
  latitude: number | null;
  longitude: number | null;
  /** How far from that point still counts as "am Objekt" (default 100 m). */
  site_tolerance_m: number | null;
}

export interface StaffBuildingsTable {
  staff_id: string;
  building_id: string;
}

export interface StaffTokensTable {
  id: string;
  staff_id: string;
  token_hash: string;
  /** invite | password_reset (STAFF_TOKEN_PURPOSE in repositories/staff.ts) */
  purpose: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface StaffRevokedTokensTable {
  jti: string;
  staff_id: string;
  expires_at: string;
  revoked_at: string;
}

/** Append-only: written by repositories/audit.ts, never updated or deleted. */
export interface AuditLogTable {
  id: string;
  at: string;
  staff_id: string | null;
  staff_name: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  building_id: string | null;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
}

export interface CannedRepliesTable {
  id: string;
  title: string;
  body: string;
  created_at: string;
  updated_at: string;
  /** The staff member's own Textbaustein; null: shared, kept by Administrators (migration 0019). */
  owner_staff_id: Generated<string | null>;
}

export interface RepairInternalNotesTable {
  id: string;
  repair_id: string;
  staff_id: string | null;
  author_name: string;
  note: string;
  created_at: string;
}

/** A staff-only note on a conversation, appointment or tenant (repositories/internal-notes.ts). */
export interface InternalNotesTable {
  /** thread | appointment | tenant */
  entity_type: string;
  entity_id: string;
  id: string;
  staff_id: string | null;
  author_name: string;
  note: string;
  created_at: string;
}

/** One row per item that waits for the management (repositories/inbox.ts keeps it). */
export interface InboxItemsTable {
  kind: InboxKind;
  item_id: string;
  /** null for a common-area repair (issue 25 §16). */
  tenant_id: string | null;
  building_id: string | null;
  state: InboxState;
  title: string;
  urgency: Urgency | null;
  created_at: string;
  due_at: string;
  assignee_id: string | null;
  /** The due time an overdue push was sent for (issue 29); null: none yet. */
  overdue_pushed_for: string | null;
}

/** Mails to send; the notification worker claims, sends and marks them. */
export interface NotificationOutboxTable {
  id: string;
  created_at: string;
  /** tenant | staff */
  recipient_kind: string;
  recipient_id: string;
  to_email: string;
  kind: string;
  subject: string;
  body: string;
  send_after: string;
  attempts: Generated<number>;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  /** An .ics attachment (appointment mails, migration 0018). */
  calendar_ics: Generated<string | null>;
  /** One file the mail carries, JSON {filename, content_type, base64} (migration 0030). */
  attachment: Generated<string | null>;
}

/** Web Push (migration 0029, issue 29): a subscribed browser of a tenant or staff member. */
export interface PushSubscriptionsTable {
  id: string;
  owner_kind: "tenant" | "staff";
  owner_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
  last_seen_at: string;
}

export interface PushPreferencesTable {
  owner_kind: "tenant" | "staff";
  owner_id: string;
  event: PushEventKind;
  email: number;
  push: number;
  updated_at: string;
}

export interface PushEventsTable {
  id: string;
  kind: PushEventKind;
  topic: string;
  payload: string;
  ttl_seconds: number;
  urgency: PushUrgency;
  created_at: string;
}

export interface PushDeliveriesTable {
  id: string;
  event_id: string;
  subscription_id: string;
  owner_kind: "tenant" | "staff";
  owner_id: string;
  state: PushDeliveryState;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  sent_at: string | null;
  last_status: number | null;
  last_error: string | null;
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
  payment_method: PaymentMethod;
  due_day: number;
  iban_last4: string | null;
  /** The building the apartment is in (buildings are derived from street addresses). */
  building_id: string | null;
  /** Address and unit folded for the console's search (lib/search-text.ts, decision 030); '' for rows written without. */
  search_text: Generated<string>;
  created_at: string;
}

export interface PaymentsTable {
  id: string;
  tenant_id: string;
  tenancy_id: string;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  due_date: string;
  paid_at: string | null;
  description: string;
  created_at: string;
  /** YYYY-MM of a generated monthly charge (unique per tenancy); null for older rows. */
  period: string | null;
  /** Paid so far (partial payments); equals amount_cents once paid. */
  paid_cents: Generated<number>;
}

/** The rent ledger's account of a tenancy (repositories/rent-ledger.ts). */
export interface RentAccountsTable {
  tenancy_id: string;
  /** The payment reference the tenant writes in a transfer, e.g. "MP-7K4Q2X". */
  reference: string;
  /** First day of the first month the ledger charges. */
  ledger_from: string;
  last_reminder_at: string | null;
  /** Due date of the oldest charge not paid in full; null when nothing is open. */
  open_since: Generated<string | null>;
  created_at: string;
}

/** A new rent from the first of a month. */
export interface RentChangesTable {
  id: string;
  tenancy_id: string;
  effective_from: string;
  base_rent_cents: number;
  utilities_cents: number;
  created_by: string | null;
  created_at: string;
}

export interface BankImportsTable {
  id: string;
  /** csv | camt */
  format: string;
  filename: string;
  line_count: number;
  matched_count: number;
  unmatched_count: number;
  duplicate_count: number;
  possible_duplicate_count: Generated<number>;
  pending_count: Generated<number>;
  refused_count: Generated<number>;
  other_building_count: Generated<number>;
  created_by: string | null;
  created_at: string;
}

/** A CSV layout the manager mapped once (column per field), by its header's signature. */
export interface BankCsvLayoutsTable {
  signature: string;
  /** JSON: the mapping (lib/bank-statement.ts CsvMapping). */
  mapping: string;
  created_by: string | null;
  created_at: string;
}

/** Money received: recorded by hand or a line of a bank statement. */
export interface BankTransactionsTable {
  id: string;
  /** manual | csv | camt */
  source: string;
  import_id: string | null;
  bank_ref: string | null;
  booked_on: string;
  amount_cents: number;
  allocated_cents: Generated<number>;
  payer_name: string | null;
  payer_iban: string | null;
  remittance: string | null;
  /** null: unmatched, waits for a person. */
  tenancy_id: string | null;
  match_reason: string | null;
  created_by: string | null;
  created_at: string;
  /** Value day as the statement gave it (another layout may book on it). */
  value_on: Generated<string | null>;
  /** The statement's own account, normalised. */
  account_iban: Generated<string | null>;
  end_to_end_id: Generated<string | null>;
  /** The bank's own reference as given (CAMT AcctSvcrRef); bank_ref is the per-layout key. */
  bank_reference: Generated<string | null>;
  /** Waiting line matched to a tenancy the importing person does not look after. */
  suggested_tenancy_id: Generated<string | null>;
  /** A part of a split line: the line it came from. */
  parent_id: Generated<string | null>;
  /** A waiting line split into this many parts (no longer waiting, never credit). */
  split_count: Generated<number | null>;
}

export interface PaymentAllocationsTable {
  id: string;
  transaction_id: string;
  charge_id: string;
  amount_cents: number;
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
  assignee_id: Generated<string | null>;
  /** Marked handled by the management without a reply. */
  handled_at: Generated<string | null>;
  /** The tenant's first message since the management's last answer; null when nothing waits. */
  awaiting_reply_since: Generated<string | null>;
  /**
   * What the tenant's lists show, kept by repositories/messages.ts refreshThreadSummaries whenever
   * a message is written or read: all messages, the management's messages the tenant has not read,
   * and the management's newest message (null while there is none).
   */
  message_count: Generated<number>;
  unread_count: Generated<number>;
  last_inbound_at: Generated<string | null>;
  last_inbound_id: Generated<string | null>;
}

export interface MessagesTable {
  id: string;
  thread_id: string;
  tenant_id: string;
  /** inbound = management → tenant, outbound = tenant → management */
  direction: MessageDirection;
  actor_kind: ActorKind;
  staff_user_id: string | null;
  sender_name: string;
  content: string;
  received_at: string;
  read_at: string | null;
}

export interface AppointmentsTable {
  id: string;
  tenant_id: string;
  type: AppointmentType;
  title: string;
  status: AppointmentStatus;
  start_time: string;
  end_time: string;
  requested_date: string | null;
  time_slot: string | null;
  notes: string | null;
  location: string | null;
  created_at: string;
  updated_at: string;
  /** tenant: a request waiting for the management; management: a proposal waiting for the tenant. */
  origin: Generated<AppointmentOrigin>;
  assignee_id: Generated<string | null>;
  decline_reason: Generated<string | null>;
  /** The message of the management's latest answer, shown to the tenant (migration 0018). */
  management_note: Generated<string | null>;
  /** iCalendar SEQUENCE of the appointment's .ics, raised by each mail carrying one. */
  calendar_sequence: Generated<number>;
}

export interface AppointmentStatusChangesTable {
  id: string;
  appointment_id: string;
  status: AppointmentStatus;
  changed_at: string;
  actor_kind: ActorKind;
  actor_name: string;
  /** The management's message or reason with this change (migration 0018). */
  note: Generated<string | null>;
}

export interface DocumentsTable {
  id: string;
  tenant_id: string;
  title: string;
  type: DocumentType;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  original_filename: string;
  uploaded_at: string;
  is_tenant_uploaded: number;
  actor_kind: ActorKind;
  /** The management's publication this row came from (its stored file is shared); null for single uploads. */
  publication_id: Generated<string | null>;
}

/** A notice (Aushang) for one building or, with building_id null, for every building. */
export interface NoticesTable {
  id: string;
  building_id: string | null;
  title: string;
  body: string;
  /** information | emergency */
  kind: NoticeKind;
  /** water_outage | heating_failure | lift_out_of_order | other; emergency notices only. */
  emergency_type: string | null;
  valid_from: string;
  /** null: until further notice. */
  valid_until: string | null;
  /** When the outage itself runs (issue 25 item 21); both set or both null. Added by 0023. */
  outage_from: Generated<string | null>;
  outage_until: Generated<string | null>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** When the emergency mails were recorded (once per notice). */
  mailed_at: string | null;
}

/** A tenant's "Betrifft mich auch" on an emergency notice; one row per tenant and notice. */
export interface NoticeAffectedTable {
  notice_id: string;
  tenant_id: string;
  /** The tenant's building when they answered. */
  building_id: string | null;
  created_at: string;
}

/** One file the management published to a tenant, a building or all tenants. */
export interface DocumentPublicationsTable {
  id: string;
  title: string;
  type: DocumentType;
  /** tenant | building | all */
  audience: DocumentAudience;
  building_id: string | null;
  tenant_id: string | null;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  original_filename: string;
  recipient_count: number;
  created_by: string | null;
  created_at: string;
}

/** A meter reading campaign (issue 14 §5, migration 0011). */
export interface MeterCampaignsTable {
  id: string;
  building_id: string;
  meter: CampaignMeter;
  kind: CampaignKind;
  reason: string | null;
  starts_on: string;
  ends_on: string;
  participant_count: number;
  created_by: string | null;
  created_at: string;
}

/** Who a campaign asks, and when their start mail and reminder were decided (at most once each). */
export interface MeterCampaignTenantsTable {
  campaign_id: string;
  tenant_id: string;
  unit: string;
  start_mail_at: string | null;
  reminder_at: string | null;
}

export interface MeterReadingsTable {
  id: string;
  tenant_id: string;
  reading_date: string;
  submitted_at: string;
  water_milli: number | null;
  electricity_milli: number | null;
  heating_milli: number | null;
  /** Comma list of meters whose value is lower than the tenant's previous reading of that meter. */
  lower_flags: Generated<string>;
  /** null | accepted | renewal_requested */
  review: Generated<string | null>;
  reviewed_at: Generated<string | null>;
  reviewed_by: Generated<string | null>;
}

export interface PhotosTable {
  id: string;
  tenant_id: string;
  /** "meter_reading" | "repair" */
  owner_type: string;
  owner_id: string;
  /** water | electricity | heating for meter photos */
  meter: MeterKind | null;
  position: number;
  filename: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: string;
}

export interface RepairsTable {
  id: string;
  /** The tenant who reported it or for whom staff recorded it; null for a common-area repair (issue 25 §16). */
  tenant_id: string | null;
  type: RepairType;
  location: RepairLocation;
  description: string;
  urgency: Urgency;
  status: RepairStatus;
  reported_at: string;
  planned_date: string | null;
  completed_at: string | null;
  updated_at: string;
  planned_window: Generated<string | null>;
  assignee_id: Generated<string | null>;
  /** The conversation the repair was made from (issue 25 §16); null otherwise. */
  thread_id: Generated<string | null>;
  /** A common-area repair's building (tenant_id null); null for a tenant's repair, whose building is the tenant's. */
  building_id: Generated<string | null>;
}

export interface RepairStatusHistoryTable {
  id: string;
  repair_id: string;
  status: RepairStatus;
  changed_at: string;
  actor_kind: ActorKind;
  actor_name: string;
  note: string | null;
}

/** One invitation link to set the first password (e-mail or printed letter); only the token's hash is kept. */
export interface TenantInvitationsTable {
  id: string;
  tenant_id: string;
  token_hash: string;
  /** email | letter */
  channel: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Set when a newer invitation replaced this one. */
  revoked_at: string | null;
  created_by: string | null;
  /** Letters: HMAC of the registration code the tenant may type instead of the link (migration 0017). */
  code_hash: string | null;
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

/** The services' catalogue (issue 27, migration 0025): German defaults and the manager's own. */
export interface ServiceKindsTable {
  id: string;
  key: string;
  name: string;
  category: BetrkvCategory;
  /** JSON array of strings: the checklist a new plan starts with. */
  checklist: string;
  created_by: string | null;
  created_at: string;
}

/** What is done in a building and when; never edited in place (a change ends it and starts a successor). */
export interface ServicePlansTable {
  id: string;
  building_id: string;
  service_kind_id: string;
  /** JSON: contracts/services serviceRecurrence. */
  recurrence: string;
  /** MM-DD, both or neither. */
  season_from: string | null;
  season_until: string | null;
  /** HH:MM Berlin wall-clock time. */
  window_start: string;
  window_end: string;
  /** Winterdienst: the window on Sundays and public holidays (else null). */
  rest_day_window_start: string | null;
  rest_day_window_end: string | null;
  /** JSON array of strings. */
  checklist: string;
  team: string | null;
  responsible_staff_id: string | null;
  tenant_visible: number;
  valid_from: string;
  valid_until: string | null;
  predecessor_id: string | null;
  created_by: string | null;
  created_at: string;
}

/** A planned Einsatz, generated from a plan ahead of time; unique per plan and day. */
export interface ServiceVisitsTable {
  id: string;
  plan_id: string;
  building_id: string;
  service_kind_id: string;
  planned_on: string;
  window_start: string;
  window_end: string;
  moved_from: string | null;
  created_at: string;
}

/** A crew member's record of an Einsatz (issue 27 §2): append-only once finished. */
export interface ServiceRecordsTable {
  id: string;
  visit_id: string | null;
  building_id: string;
  service_kind_id: string;
  staff_id: string;
  crew_first_name: string;
  team: string | null;
  /** The device's clock. */
  started_at: string;
  /** The server's clock when the start arrived. */
  started_at_server: string;
  finished_at: string | null;
  finished_at_server: string | null;
  /** The position check's result only: 1 am Objekt, 0 not, null not checked. */
  on_site: number | null;
  distance_m: number | null;
  accuracy_m: number | null;
  /** JSON [{item, done}] */
  checklist: string;
  /** JSON [{name, amount, unit}] */
  materials: string;
  /** JSON {snow, ice, temperature_c} or null */
  conditions: string | null;
  remark: string;
  corrects_record_id: string | null;
  correction_reason: string | null;
  content_hash: string | null;
  created_at: string;
}

export interface ServiceRecordPhotosTable {
  id: string;
  record_id: string;
  /** before | after */
  kind: "before" | "after";
  position: number;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  created_at: string;
}

/** A tenant's "Leistung fehlt" (issue 27 §3): opens a conversation with the management. */
export interface ServiceReportsTable {
  id: string;
  tenant_id: string;
  building_id: string;
  service_kind_id: string;
  /** The plan the service ran under on that day, if any (its responsible staff member is told). */
  plan_id: string | null;
  /** The Berlin day the service was missing or poor (YYYY-MM-DD). */
  occurred_on: string;
  text: string;
  thread_id: string;
  created_at: string;
}

export interface ServiceReportPhotosTable {
  id: string;
  report_id: string;
  position: number;
  mime_type: string;
  size_bytes: number;
  filename: string;
  storage_key: string;
  created_at: string;
}

/** A tenant's rating of a finished visit: one per tenant and visit, a second one changes it. */
export interface ServiceRatingsTable {
  id: string;
  visit_id: string;
  tenant_id: string;
  building_id: string;
  service_kind_id: string;
  /** The team of the visit's record, kept for the staff's figures per team. */
  team: string | null;
  planned_on: string;
  stars: number;
  comment: string | null;
  created_at: string;
  updated_at: string;
}

/** A visit whose window passed without a finished record, noticed once (issue 27 §4). */
export interface ServiceMissedVisitsTable {
  visit_id: string;
  building_id: string;
  noticed_at: string;
  closed_at: string | null;
  closed_by: string | null;
  close_note: string | null;
}

/** The company as SEPA creditor (issue 28): one row, id 'company'. */
export interface SepaCreditorSettingsTable {
  id: string;
  creditor_id: string;
  name: string;
  iban: string;
  bic: string | null;
  lead_days: number;
  prenotice_days: number;
  updated_by: string | null;
  updated_at: string;
}

/** A signed SEPA mandate of a tenancy; at most one not revoked per tenancy. */
export interface SepaMandatesTable {
  id: string;
  tenancy_id: string;
  reference: string;
  signed_on: string;
  debtor_name: string;
  iban: string;
  bic: string | null;
  /** The monthly amount the signed form announced (the standing pre-notification). */
  standing_notice_cents: number | null;
  last_collection_on: string | null;
  /** The last collection the previous system made (tenant import): a floor for last_collection_on. */
  imported_last_collection_on: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  revoke_reason: string | null;
  created_by: string | null;
  created_at: string;
}

/** One pain.008 collection file. state: created | downloaded | cancelled. */
export interface SepaRunsTable {
  id: string;
  month: string;
  building_id: string | null;
  collection_date: string;
  message_id: string;
  state: "created" | "downloaded" | "cancelled";
  item_count: number;
  total_cents: number;
  /** JSON: the creditor settings as they stood when the run was made. */
  creditor: string;
  created_by: string | null;
  created_at: string;
  downloaded_at: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
}

/** A charge in a run, with what the file says of it. */
export interface SepaRunItemsTable {
  id: string;
  run_id: string;
  charge_id: string;
  tenancy_id: string;
  mandate_id: string;
  amount_cents: number;
  sequence: "FRST" | "RCUR";
  end_to_end_id: string;
  mandate_reference: string;
  mandate_signed_on: string;
  debtor_name: string;
  iban: string;
  bic: string | null;
  remittance: string;
  prenotice: "email" | "standing";
  state: "submitted" | "collected" | "returned" | "cancelled";
  created_at: string;
}

/** A returned direct debit read from a bank statement. */
export interface SepaReturnsTable {
  id: string;
  item_id: string;
  run_id: string;
  charge_id: string;
  tenancy_id: string;
  bank_ref: string;
  transaction_id: string | null;
  amount_cents: number;
  fee_cents: number;
  fee_decision: "none" | "open" | "passed_on" | "waived";
  fee_charge_id: string | null;
  reason_code: string | null;
  booked_on: string;
  thread_id: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
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
  meter_campaigns: MeterCampaignsTable;
  meter_campaign_tenants: MeterCampaignTenantsTable;
  photos: PhotosTable;
  repairs: RepairsTable;
  repair_status_history: RepairStatusHistoryTable;
  revoked_tokens: RevokedTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  tenant_invitations: TenantInvitationsTable;
  idempotency_keys: IdempotencyKeysTable;
  login_attempts: LoginAttemptsTable;
  buildings: BuildingsTable;
  staff_buildings: StaffBuildingsTable;
  staff_tokens: StaffTokensTable;
  staff_revoked_tokens: StaffRevokedTokensTable;
  audit_log: AuditLogTable;
  canned_replies: CannedRepliesTable;
  repair_internal_notes: RepairInternalNotesTable;
  internal_notes: InternalNotesTable;
  inbox_items: InboxItemsTable;
  notification_outbox: NotificationOutboxTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_events: PushEventsTable;
  push_deliveries: PushDeliveriesTable;
  notices: NoticesTable;
  notice_affected: NoticeAffectedTable;
  document_publications: DocumentPublicationsTable;
  rent_accounts: RentAccountsTable;
  rent_changes: RentChangesTable;
  bank_imports: BankImportsTable;
  bank_transactions: BankTransactionsTable;
  bank_csv_layouts: BankCsvLayoutsTable;
  payment_allocations: PaymentAllocationsTable;
  service_kinds: ServiceKindsTable;
  service_plans: ServicePlansTable;
  service_visits: ServiceVisitsTable;
  service_records: ServiceRecordsTable;
  service_record_photos: ServiceRecordPhotosTable;
  service_reports: ServiceReportsTable;
  service_report_photos: ServiceReportPhotosTable;
  service_ratings: ServiceRatingsTable;
  service_missed_visits: ServiceMissedVisitsTable;
  sepa_creditor_settings: SepaCreditorSettingsTable;
  sepa_mandates: SepaMandatesTable;
  sepa_runs: SepaRunsTable;
  sepa_run_items: SepaRunItemsTable;
  sepa_returns: SepaReturnsTable;
}

export type Payment = Selectable<PaymentsTable>;
export type Invoice = Selectable<InvoicesTable>;
export type MessageRow = Selectable<MessagesTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type MeterReadingRow = Selectable<MeterReadingsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type RepairRow = Selectable<RepairsTable>;
export type RepairHistoryRow = Selectable<RepairStatusHistoryTable>;
