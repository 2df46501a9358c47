import type { FileStore } from "../../lib/file-store.js";
import type { Db } from "../connection.js";

// PLACEHOLDER — being written by a teammate right now; replaced before this lands.
export async function seedDemoIfEmpty(_db: Db, _files: FileStore): Promise<boolean> {
  return false;
}
