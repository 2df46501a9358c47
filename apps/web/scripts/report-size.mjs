// Prints what the start-up path loads and fails the build when it grows past its budget or takes
// in the signed-in app (issue 13, decision 013).
//
// A signed-out start loads the same JavaScript on `/` (the manifest's start_url) and on `/login`:
// main.tsx reads the sign-in state before the router matches anything and sends `/` to /login, so
// it is the entry chunk, its static imports, and the lazy login route with its static imports.
// Nothing of the app shell or a signed-in screen may be among them, nor be named in index.html
// (which the server sends as is); the e2e test e2e/tests/start-up-path.spec.ts checks in a browser
// what `/` and `/login` really fetch.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Budgets of the signed-out start's JavaScript, in KB (1024 bytes). */
const BUDGET_GZIP_KB = 150;
/** What is sent: the server has brotli copies of every asset (scripts/precompress.mjs). */
const BUDGET_BROTLI_KB = 110;

const SIGNED_OUT_ROUTES = ["src/app/routes/login.tsx"];
/** The signed-in app: the shell and every screen under it (src/app/router.tsx). */
const SIGNED_IN_ROOTS = ["src/app/shell/app-shell.tsx"];
const SIGNED_IN_SCREENS = /^src\/app\/routes\/(?!login|forgot-password|reset-password)[^/]+\.tsx$/;

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));

function fail(message) {
  console.error(`report-size: ${message}`);
  process.exit(1);
}

function keyOf(source) {
  const key = Object.keys(manifest).find((k) => k === source || k.endsWith(`/${source}`));
  if (!key) fail(`${source} not found in the Vite manifest`);
  return key;
}

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith("index.html"));
if (!entryKey) fail("no entry for index.html in the Vite manifest");
const signedOutStart = closure([entryKey, ...SIGNED_OUT_ROUTES.map(keyOf)]);
const signedInKeys = [
  ...SIGNED_IN_ROOTS.map(keyOf),
  ...Object.keys(manifest).filter((key) => SIGNED_IN_SCREENS.test(key.replace(/^.*?(?=src\/)/, ""))),
];
if (signedInKeys.length < 10) fail(`only ${signedInKeys.length} signed-in screens found: is SIGNED_IN_SCREENS right?`);
/** The chunks only the signed-in app needs. */
const signedInOnly = new Set([...closure(signedInKeys)].filter((file) => !signedOutStart.has(file)));
/** The modules that make the signed-in app: their chunks must never load on a signed-out start. */
const signedInFacades = new Set(signedInKeys.map((key) => manifest[key].file));

const intruders = [...signedOutStart].filter((file) => signedInFacades.has(file));
if (intruders.length > 0) fail(`the signed-out start loads signed-in screens: ${intruders.join(", ")}`);

// index.html: the scripts and modulepreloads it names load before any decision is taken.
const html = readFileSync(join(dist, "index.html"), "utf8");
const named = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.js)"[^>]*>/g)].map((m) => m[1]);
const namedSignedIn = named.filter((file) => signedInOnly.has(file));
if (namedSignedIn.length > 0) fail(`index.html loads signed-in chunks: ${namedSignedIn.join(", ")}`);
const namedElsewhere = named.filter((file) => !signedOutStart.has(file));
if (namedElsewhere.length > 0) fail(`index.html loads chunks outside the start-up path: ${namedElsewhere.join(", ")}`);

// The start hint is written into index.html (vite.config.ts): its code counts like a file's.
const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
  .filter(([, attributes]) => !/\bsrc=/.test(attributes))
  .map(([, , code]) => code);
if (inline.length !== 1) fail(`index.html should hold one inline script (the start hint), it holds ${inline.length}`);

function measure(files, inlineScripts = []) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  const rows = [];
  const contents = [
    ...[...files].filter((f) => f.endsWith(".js")).map((file) => [file, readFileSync(join(dist, file))]),
    ...inlineScripts.map((code) => ["index.html: Start-Hinweis (inline)", Buffer.from(code)]),
  ];
  for (const [file, content] of contents) {
    const gz = gzipSync(content, { level: 9 }).length;
    const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    raw += content.length;
    gzip += gz;
    brotli += br;
    const kb = (n) => (n / 1024).toFixed(1).padStart(6);
    rows.push(`  ${file.padEnd(48)} ${kb(content.length)} KB  gzip ${kb(gz)} KB  brotli ${kb(br)} KB`);
  }
  return { raw, gzip, brotli, rows, count: rows.length };
}

const start = measure(signedOutStart, inline);
const kb = (n) => (n / 1024).toFixed(1);
console.log("\nJavaScript des Starts ohne Anmeldung (/ und /login):");
console.log(start.rows.join("\n"));
console.log(
  `  Summe: ${start.count} Dateien, ${kb(start.raw)} KB, gzip ${kb(start.gzip)} KB (Budget ${BUDGET_GZIP_KB} KB), ` +
    `brotli ${kb(start.brotli)} KB (Budget ${BUDGET_BROTLI_KB} KB)`,
);
// The shell's chunks hold the dashboard too (vite.config.ts: signedInFirstScreen).
const firstScreen = measure(
  [...closure([keyOf("src/app/shell/app-shell.tsx")])].filter((file) => !signedOutStart.has(file)),
);
console.log(
  `  Danach (Leerlauf nach dem Login bzw. Start mit Anmeldung): Rahmen und Startseite ${firstScreen.count} Dateien, ` +
    `brotli ${kb(firstScreen.brotli)} KB; keiner der ${signedInOnly.size} Chunks der angemeldeten App ist im Start ohne Anmeldung.\n`,
);
if (start.gzip / 1024 > BUDGET_GZIP_KB)
  fail(`start-up JavaScript ${kb(start.gzip)} KB gzip exceeds ${BUDGET_GZIP_KB} KB`);
if (start.brotli / 1024 > BUDGET_BROTLI_KB) {
  fail(`start-up JavaScript ${kb(start.brotli)} KB brotli exceeds ${BUDGET_BROTLI_KB} KB`);
}
