import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ActorKind, DocumentType } from "@mieter-portal/contracts";
import type { Db } from "../../src/db/connection.js";
import { createDocument } from "../../src/domain/documents/documents.js";
import type { FileStore } from "../../src/lib/file-store.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** The bytes of a sample file in test/fixtures (made by test/fixtures/generate.mjs). */
export const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

export interface FilePart {
  filename: string;
  data: Buffer;
  /** Declared type; the server must ignore it. */
  contentType?: string;
  /** Form field name; "file" unless testing a wrong one. */
  field?: string;
}

/** A multipart/form-data body as a browser sends it (text fields first, then the file). */
export function multipart(fields: Record<string, string>, file?: FilePart, boundary = `----mp${randomUUID()}`) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A document published to a tenant the way the admin command line and the seed do it. */
export function publishDocument(
  db: Db,
  files: FileStore,
  tenantId: string,
  overrides: Partial<{ title: string; type: DocumentType; bytes: Buffer; filename: string; actorKind: ActorKind }> = {},
) {
  return createDocument(db, files, {
    tenantId,
    title: overrides.title ?? "Mietvertrag",
    type: overrides.type ?? "contract",
    bytes: overrides.bytes ?? fixture("sample.pdf"),
    filename: overrides.filename ?? "mietvertrag.pdf",
    actorKind: overrides.actorKind ?? "staff",
  });
}

/** Every file in the app's file store (DATA_DIR/files), as relative keys. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, "files");
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}
