// npm start: build what is not built yet, then run the server (it migrates, seeds demo data
// into an empty database and serves the web app on the same port).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildWhatIsStale, root } from "./lib.mjs";

await buildWhatIsStale();

const child = spawn(process.execPath, [path.join(root, "apps/server/dist/server.js")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
