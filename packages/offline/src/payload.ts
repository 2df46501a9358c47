import type { StoredFile, StoredMultipart } from "./types";

/** What an app's mutation path hands over: JSON data, `{multipart: {...}}` or FormData. */
export interface StoredBody {
  bodyKind: "json" | "multipart" | "none";
  data: unknown;
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== "undefined" && value instanceof Blob;
}

function isFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File;
}

function readBlob(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === "function") return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

async function storeFile(blob: Blob, fallbackName: string): Promise<StoredFile> {
  return {
    kind: "file",
    bytes: await readBlob(blob),
    name: isFile(blob) ? blob.name : fallbackName,
    type: blob.type,
    lastModified: isFile(blob) ? blob.lastModified : Date.now(),
  };
}

function multipartEntries(data: unknown): [string, unknown][] | null {
  if (typeof FormData !== "undefined" && data instanceof FormData) return [...data.entries()];
  if (typeof data === "object" && data !== null && "multipart" in data) {
    const fields = (data as { multipart: unknown }).multipart;
    if (typeof fields === "object" && fields !== null) return Object.entries(fields);
  }
  return null;
}

/**
 * The body as data IndexedDB keeps: files become bytes with name and type (FormData cannot be
 * cloned, and some browsers lose Blobs in IndexedDB).
 */
export async function toStoredBody(data: unknown): Promise<StoredBody> {
  if (data === undefined) return { bodyKind: "none", data: null };
  const entries = multipartEntries(data);
  if (!entries) return { bodyKind: "json", data };
  const fields: StoredMultipart["fields"] = [];
  for (const [name, value] of entries) {
    fields.push([name, isBlob(value) ? await storeFile(value, name) : String(value)]);
  }
  return { bodyKind: "multipart", data: { fields } satisfies StoredMultipart };
}

/** The request body again: FormData for multipart, the JSON data, or undefined. */
export function fromStoredBody(body: StoredBody): unknown {
  if (body.bodyKind === "none") return undefined;
  if (body.bodyKind === "json") return body.data;
  const form = new FormData();
  for (const [name, value] of (body.data as StoredMultipart).fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new File([value.bytes], value.name, { type: value.type, lastModified: value.lastModified }));
  }
  return form;
}

/** FNV-1a over the bytes: cheap and good enough to tell two files apart in a duplicate check. */
function fingerprint(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let hash = 0x811c9dc5;
  for (let i = 0; i < view.length; i++) {
    hash ^= view[i]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

/** Cross-realm safe (an ArrayBuffer read back from IndexedDB may come from another realm). */
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === "[object ArrayBuffer]";
}

function stable(value: unknown): unknown {
  if (isArrayBuffer(value)) return { bytes: value.byteLength, fnv: fingerprint(value) };
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object") {
    const file = (value as Partial<StoredFile>).kind === "file";
    return Object.fromEntries(
      Object.keys(value)
        // When a file was picked says nothing about what is sent.
        .filter((key) => !(file && key === "lastModified"))
        .sort()
        .map((key) => [key, stable((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** url + method + payload as one string: equal strings mean a duplicate change (spec section 4). */
export function signatureOf(method: string, path: string, body: StoredBody): string {
  return JSON.stringify([method.toUpperCase(), path, body.bodyKind, stable(body.data)]);
}
