import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded bytes live. Files are stored under random keys outside any public folder;
 * names never reach the file system. The local store is the embedded default; an
 * S3-compatible store can implement the same interface for several processes.
 */
export interface FileStore {
  put(bytes: Buffer): Promise<string>;
  open(key: string): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

export function localFileStore(root: string): FileStore {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Ungültiger Speicherschlüssel: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(bytes) {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: "wx", mode: 0o600 });
      return key;
    },
    async open(key) {
      const file = fileOf(key);
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
