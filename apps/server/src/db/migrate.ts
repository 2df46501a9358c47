import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Db } from "./connection.js";
import * as m0001 from "./migrations/0001_initial.js";

/** Migrations are bundled statically so the built server needs no directory scan. */
const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `Datenbank-Migration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ""}: ${String(error)}`,
    );
  }
}
