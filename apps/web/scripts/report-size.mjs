// Prints the gzip size of the JavaScript the login screen loads and fails above the budget.
// The login screen needs the entry chunk, its static imports, and the lazy login route module
// (with its static imports). Everything else (app shell, dashboard, other screens) loads later.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 150;
const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith("src/app/routes/login.tsx"));
if (!entryKey || !loginKey) {
  console.error("report-size: entry or login route not found in the Vite manifest");
  process.exit(1);
}

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entryKey);
collect(loginKey);

let raw = 0;
let gzip = 0;
const rows = [];
for (const file of [...files].filter((f) => f.endsWith(".js"))) {
  const content = readFileSync(join(dist, file));
  const zipped = gzipSync(content, { level: 9 }).length;
  raw += content.length;
  gzip += zipped;
  rows.push(
    `  ${file.padEnd(48)} ${(content.length / 1024).toFixed(1).padStart(7)} KB  gzip ${(zipped / 1024).toFixed(1).padStart(6)} KB`,
  );
}
console.log("\nJavaScript des Login-Bildschirms:");
console.log(rows.join("\n"));
console.log(`  Summe: ${(raw / 1024).toFixed(1)} KB, gzip ${(gzip / 1024).toFixed(1)} KB (Budget ${BUDGET_KB} KB)\n`);
if (gzip / 1024 > BUDGET_KB) {
  console.error(`report-size: login JavaScript ${(gzip / 1024).toFixed(1)} KB gzip exceeds ${BUDGET_KB} KB`);
  process.exit(1);
}
