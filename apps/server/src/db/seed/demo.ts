import { DEFAULT_BRAND } from "@mieter-portal/contracts";
import { reconcileInbox } from "../../domain/inbox/inbox.js";
import { openWaitingThreads } from "../../domain/messages/messages.js";
import { ensureStaffUser } from "../../domain/staff/rows.js";
import type { FileStore } from "../../lib/file-store.js";
import { hashPassword } from "../../lib/passwords.js";
import { analyze, type Db } from "../connection.js";
import { calendarAt } from "./calendar.js";
import { DEMO_PASSWORD, DEMO_STAFF } from "./context.js";
import { seedAnna } from "./demo-anna.js";
import { seedJonas } from "./demo-jonas.js";

export interface SeedOptions {
  /** The instant the demo is built around (tests pin it); default: now. */
  now?: Date;
  /** Signs the management's messages and documents; default: the demo brand. */
  companyName?: string;
}

export { DEMO_EMAIL, DEMO_PASSWORD, NEIGHBOUR_EMAIL } from "./context.js";

async function hasTenants(db: Db): Promise<boolean> {
  const row = await db.selectFrom("tenants").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Seeds the demo tenants with their content, only into a database without any tenant.
 * Returns true when it seeded. Safe to call on every start: once a tenant exists it does nothing,
 * and when two processes race, the unique e-mail lets only one of them write.
 */
export async function seedDemoIfEmpty(db: Db, files: FileStore, options: SeedOptions = {}): Promise<boolean> {
  if (await hasTenants(db)) return false;
  const cal = calendarAt(options.now ?? new Date());
  const company = options.companyName ?? DEFAULT_BRAND.companyName;
  // Hashing is slow and needs no transaction; each account gets its own salt.
  const [annaHash, jonasHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(DEMO_PASSWORD)]);
  const storedKeys: string[] = [];
  const trackingFiles: FileStore = {
    open: (key) => files.open(key),
    remove: (key) => files.remove(key),
    async put(bytes) {
      const key = await files.put(bytes);
      storedKeys.push(key);
      return key;
    },
  };
  const forget = async () => {
    await Promise.all(storedKeys.splice(0).map((key) => files.remove(key).catch(() => undefined)));
  };

  try {
    await db.transaction().execute(async (trx) => {
      const staffUserId = await ensureStaffUser(trx, { ...DEMO_STAFF, createdAt: cal.at(-2000, 9) });
      await seedAnna({ db: trx, files: trackingFiles, cal, company, staffUserId, passwordHash: annaHash });
    });
  } catch (err) {
    await forget();
    // Another process seeded at the same moment: its rows stand, ours are rolled back.
    if (await hasTenants(db)) return false;
    throw err;
  }
  storedKeys.length = 0;
  try {
    await db.transaction().execute(async (trx) => {
      const staffUserId = await ensureStaffUser(trx, { ...DEMO_STAFF, createdAt: cal.at(-2000, 9) });
      await seedJonas({ db: trx, files: trackingFiles, cal, company, staffUserId, passwordHash: jonasHash });
    });
  } catch (err) {
    await forget();
    throw err;
  }
  // The seed writes the demo history directly: what waits for the management enters the inbox.
  await reconcileInbox(db);
  await openWaitingThreads(db);
  await analyze(db);
  return true;
}
