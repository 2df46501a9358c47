// npm run dev: API with reload (tsx watch, port 3000) and the Vite dev server (proxying /api).
import { spawn } from "node:child_process";
import { npmCmd, root, run } from "./lib.mjs";

await run(npmCmd, ["run", "build", "-w", "packages/contracts"]);
const children = [
  spawn(npmCmd, ["run", "dev", "-w", "apps/server"], { cwd: root, stdio: "inherit" }),
  spawn(npmCmd, ["run", "dev", "-w", "apps/web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", stop);
