// npm run dev: API with reload (tsx watch, port 3000) and the Vite dev servers of the tenant app
// and the staff console (both proxying /api).
import { spawn } from "node:child_process";
import { npmCmd, root, run } from "./lib.mjs";

await run(npmCmd, ["run", "build", "-w", "packages/contracts"]);
const children = [
  spawn(npmCmd, ["run", "dev", "-w", "apps/server"], { cwd: root, stdio: "inherit" }),
  spawn(npmCmd, ["run", "dev", "-w", "apps/web"], { cwd: root, stdio: "inherit" }),
  // The staff console: http://localhost:5174/verwaltung/
  spawn(npmCmd, ["run", "dev", "-w", "apps/console"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", stop);
