import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const npmCmd = process.platform === "win32" ? "npm.cmd" : "npm";

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", (err) => {
      console.error(err);
      resolve(1);
    });
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
export function isStale(output, inputs) {
  const out = path.join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/**
 * The build steps, each only when its output is missing or older than its sources. The front ends
 * are bundled without their typecheck (`npm run bundle`): `npm test` typechecks every workspace
 * before, and `npm start` runs what is there; `npm run build` still typechecks.
 */
export const builds = [
  {
    name: "contracts",
    output: "packages/contracts/dist/index.js",
    inputs: ["packages/contracts/src"],
    args: ["run", "build", "-w", "packages/contracts"],
  },
  {
    name: "web app",
    output: "apps/web/dist/index.html",
    inputs: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/public",
      "apps/web/vite.config.ts",
      "packages/contracts/src",
      "packages/ui/src",
      "packages/offline/src",
    ],
    args: ["run", "bundle", "-w", "apps/web"],
  },
  {
    name: "Verwaltung (staff console)",
    output: "apps/console/dist/index.html",
    inputs: [
      "apps/console/src",
      "apps/console/index.html",
      "apps/console/vite.config.ts",
      "packages/contracts/src",
      "packages/ui/src",
    ],
    args: ["run", "bundle", "-w", "apps/console"],
  },
  {
    name: "Einsätze (crew app)",
    output: "apps/crew/dist/index.html",
    inputs: [
      "apps/crew/src",
      "apps/crew/index.html",
      "apps/crew/public",
      "apps/crew/vite.config.ts",
      "packages/contracts/src",
      "packages/ui/src",
      "packages/offline/src",
    ],
    args: ["run", "bundle", "-w", "apps/crew"],
  },
  {
    name: "server",
    output: "apps/server/dist/server.js",
    inputs: ["apps/server/src", "packages/contracts/src"],
    args: ["run", "build", "-w", "apps/server"],
  },
];

export async function buildWhatIsStale({ force = false } = {}) {
  for (const step of builds) {
    if (!force && !isStale(step.output, step.inputs)) continue;
    console.log(`\n▶ Baue ${step.name} …`);
    const code = await run(npmCmd, step.args);
    if (code !== 0) {
      console.error(`Build von ${step.name} fehlgeschlagen (Exit ${code}).`);
      process.exit(code);
    }
  }
}
