// Writes brotli (.br, quality 11) and gzip (.gz, level 9) copies beside every compressible file of
// a built front end, so the server can send them without compressing on each request
// (@fastify/static's preCompressed). Usage: node scripts/precompress.mjs <dist folder>
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".txt", ".xml", ".ico"]);
const MIN_BYTES = 1024;

const root = process.argv[2];
if (!root) {
  console.error("Aufruf: node scripts/precompress.mjs <dist-Ordner>");
  process.exit(2);
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let written = 0;
let before = 0;
let after = 0;
for (const file of files(root)) {
  // index.html is rendered by the server (brand filled in), never served from disk as is.
  if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const br = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = zlib.gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  written++;
  before += bytes.length;
  after += br.length;
}
console.log(
  `Vorkomprimiert: ${written} Dateien in ${root} (${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB Brotli)`,
);
