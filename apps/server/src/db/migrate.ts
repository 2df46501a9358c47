import { type DatabaseIntrospector, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import { analyze, type Db } from "./connection.js";
import * as m0001 from "./migrations/0001_initial.js";
import * as m0002 from "./migrations/0002_list_indexes.js";
import * as m0003 from "./migrations/0003_hardening.js";
import * as m0004 from "./migrations/0004_list_pagination.js";
import * as m0005 from "./migrations/0005_staff_console.js";
import * as m0006 from "./migrations/0006_received_messages.js";
import * as m0007 from "./migrations/0007_notices_and_publications.js";
import * as m0008 from "./migrations/0008_thread_inbound_index.js";
import * as m0009 from "./migrations/0009_tenant_invitations.js";
import * as m0010 from "./migrations/0010_rent_ledger.js";
import * as m0011 from "./migrations/0011_meter_campaigns.js";
import * as m0012 from "./migrations/0012_thread_summaries.js";
import * as m0013 from "./migrations/0013_statement_fidelity.js";
import * as m0015 from "./migrations/0015_staff_second_factor.js";
import * as m0016 from "./migrations/0016_search_folded.js";
import * as m0017 from "./migrations/0017_invitation_letters.js";
import * as m0018 from "./migrations/0018_appointment_notes.js";
import * as m0019 from "./migrations/0019_own_canned_replies.js";
import * as m0020 from "./migrations/0020_internal_notes.js";
import * as m0022 from "./migrations/0022_tenant_sort_key.js";
import * as m0023 from "./migrations/0023_notice_outage_window.js";
import * as m0024 from "./migrations/0024_common_area_repairs.js";
import * as m0025 from "./migrations/0025_service_plans.js";
import * as m0026 from "./migrations/0026_service_records.js";
import * as m0027 from "./migrations/0027_service_reports_ratings.js";
import * as m0028 from "./migrations/0028_sepa_direct_debit.js";
import * as m0029 from "./migrations/0029_web_push.js";
import * as m0030 from "./migrations/0030_outbox_attachment.js";
import * as m0031 from "./migrations/0031_sepa_imported_collection.js";
import * as m0032 from "./migrations/0032_inbox_overdue_push.js";

/** Migrations are bundled statically so the built server needs no directory scan. */
const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_list_indexes": m0002,
  "0003_hardening": m0003,
  "0004_list_pagination": m0004,
  "0005_staff_console": m0005,
  "0006_received_messages": m0006,
  "0007_notices_and_publications": m0007,
  "0008_thread_inbound_index": m0008,
  "0009_tenant_invitations": m0009,
  "0010_rent_ledger": m0010,
  "0011_meter_campaigns": m0011,
  "0012_thread_summaries": m0012,
  "0013_statement_fidelity": m0013,
  "0015_staff_second_factor": m0015,
  "0016_search_folded": m0016,
  "0017_invitation_letters": m0017,
  "0018_appointment_notes": m0018,
  "0019_own_canned_replies": m0019,
  "0020_internal_notes": m0020,
  "0022_tenant_sort_key": m0022,
  "0023_notice_outage_window": m0023,
  "0024_common_area_repairs": m0024,
  "0025_service_plans": m0025,
  "0026_service_records": m0026,
  "0027_service_reports_ratings": m0027,
  "0028_sepa_direct_debit": m0028,
  "0029_web_push": m0029,
  "0030_outbox_attachment": m0030,
  "0031_sepa_imported_collection": m0031,
  "0032_inbox_overdue_push": m0032,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/**
 * On PostgreSQL pass the schema the app works in: Kysely otherwise looks for its bookkeeping
 * tables in every schema and skips creating its own when another schema already has them.
 */
export function createMigrator(db: Db, schema?: string): Migrator {
  return new Migrator({
    db: schema ? withSchemaIntrospection(db, schema) : db,
    provider: new StaticProvider(),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * What the migrator learns about tables, from one schema only (PostgreSQL). Kysely's migrator asks
 * whether its two bookkeeping tables exist by introspecting every column of every table in every
 * schema of the database (with pg_get_serial_sequence per column); when another schema loses a
 * table during that scan — the server tests give each file its own schema and drop it when done,
 * and a shared database may hold other apps — the scan fails with "relation … does not exist" or
 * "schema … does not exist" and the migration with it. The migrator only needs the names.
 */
export function schemaIntrospector(db: Db, schema: string): DatabaseIntrospector {
  return {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`
        select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await schemaIntrospector(db, schema).getTables() }),
  };
}

/** The same database handle, with introspection limited to the schema (see schemaIntrospector). */
function withSchemaIntrospection(db: Db, schema: string): Db {
  const introspection = schemaIntrospector(db, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      // Kysely's methods use private fields: they must run on the real instance.
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const { error, results } = await createMigrator(db, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `Datenbank-Migration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ""}: ${String(error)}`,
    );
  }
  if ((results?.length ?? 0) > 0) await analyze(db);
}
