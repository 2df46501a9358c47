// Prints what the start of each public screen loads and fails the build when one grows past its
// budget or takes in the signed-in app (issue 13, decision 013; every public screen since issue 26
// item 4, decision 035).
//
// A signed-out start loads the same JavaScript on `/` (the manifest's start_url) and on `/login`:
// main.tsx reads the sign-in state before the router matches anything and sends `/` to /login, so
// it is the entry chunk, its static imports, and the lazy login route with its static imports. The
// other public screens (src/config/start-up.ts: PUBLIC_ROUTES) load the entry and their own route
// with its static imports, and tailwind-merge where the router loads it beside. No chunk holding code of the shell or a signed-in screen may be among
// them, nor be named in index.html (which the server sends as is); the e2e test
// e2e/tests/start-up-path.spec.ts checks in a browser what they really fetch.
//
// The public screens, their modules and budgets come from src/config/start-up.ts as the build
// applied them (dist/.vite/start-up.json, vite.config.ts: startUpFacts), with the chunks that hold
// signed-in code. Usage: node scripts/report-size.mjs [dist folder]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = process.argv[2] ? resolve(process.argv[2]) : join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
/** @type {import("../vite.config").BuiltStartUpFacts} */
const facts = JSON.parse(readFileSync(join(dist, ".vite", "start-up.json"), "utf8"));

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
const login = facts.publicRoutes.find((route) => route.name === "login");
if (!login) fail("no login among the public routes of dist/.vite/start-up.json");
if (facts.signedInScreens.length < 10) {
  fail(`only ${facts.signedInScreens.length} signed-in screens found: is src/config/start-up.ts right?`);
}
/** The chunks that hold code of the shell or a signed-in screen (found by their modules). */
const signedInChunks = new Set(facts.signedInChunks);
if (!signedInChunks.has(manifest[keyOf(facts.shell)].file)) fail("the shell's chunk is not among the signed-in chunks");

/** Each public screen's start: the entry, and the screen's route (with tailwind-merge where it needs it) with their static imports. */
const starts = facts.publicRoutes.map((route) => ({
  ...route,
  files: closure([entryKey, ...route.modules.map(keyOf)]),
}));
/** What is wrong, said after the sizes were printed. */
const problems = [];
for (const start of starts) {
  const intruders = [...start.files].filter((file) => signedInChunks.has(file));
  if (intruders.length > 0) {
    problems.push(
      `the start of ${start.path} loads code of the signed-in app (shell or screens): ${intruders.join(", ")}`,
    );
  }
}
const signedOutStart = closure([entryKey, ...login.modules.map(keyOf)]);
/** The chunks only the signed-in app needs. */
const signedInKeys = [keyOf(facts.shell), ...facts.signedInScreens.filter((key) => key in manifest)];
const signedInOnly = new Set([...closure(signedInKeys)].filter((file) => !signedOutStart.has(file)));

// index.html: the scripts and modulepreloads it names load before any decision is taken.
const html = readFileSync(join(dist, "index.html"), "utf8");
const named = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.js)"[^>]*>/g)].map((m) => m[1]);
const namedSignedIn = named.filter((file) => signedInOnly.has(file) || signedInChunks.has(file));
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

const kb = (n) => (n / 1024).toFixed(1);
for (const start of starts) {
  const size = measure(start.files, inline);
  const budget = start.budgetKb;
  const isLogin = start === starts.find((s) => s.name === "login");
  console.log(`\nJavaScript des Starts ohne Anmeldung auf ${isLogin ? "/ und /login" : start.path}:`);
  // The other screens share most of the login's files: only those beyond it are listed.
  const own = isLogin ? size : measure([...start.files].filter((file) => !signedOutStart.has(file)));
  if (!isLogin) console.log("  (der Einstieg und der Start-Hinweis wie bei /login, dazu:)");
  console.log(own.rows.join("\n"));
  console.log(
    `  Summe: ${size.count} Dateien, ${kb(size.raw)} KB, gzip ${kb(size.gzip)} KB (Budget ${budget.gzip} KB), ` +
      `brotli ${kb(size.brotli)} KB (Budget ${budget.brotli} KB)`,
  );
  if (size.gzip / 1024 > budget.gzip) {
    problems.push(`start-up JavaScript of ${start.path}: ${kb(size.gzip)} KB gzip exceeds ${budget.gzip} KB`);
  }
  if (size.brotli / 1024 > budget.brotli) {
    problems.push(`start-up JavaScript of ${start.path}: ${kb(size.brotli)} KB brotli exceeds ${budget.brotli} KB`);
  }
}
// The shell's chunks hold the dashboard too (vite.config.ts: signedInFirstScreen).
const firstScreen = measure([...closure([keyOf(facts.shell)])].filter((file) => !signedOutStart.has(file)));
console.log(
  `\n  Danach (Leerlauf nach dem Login bzw. Start mit Anmeldung): Rahmen und Startseite ${firstScreen.count} Dateien, ` +
    `brotli ${kb(firstScreen.brotli)} KB` +
    (problems.length > 0
      ? ".\n"
      : `; keiner der ${signedInChunks.size} Chunks mit Code der angemeldeten App ist im Start einer der ` +
        `${starts.length} öffentlichen Seiten.\n`),
);
if (problems.length > 0) fail(problems.join("\nreport-size: "));
