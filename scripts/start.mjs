// npm start: build what is not built yet, then run the server (it migrates, seeds demo data
// into an empty database and serves the web app on the same port).
//
// The server runs in this process (no child): a SIGTERM/SIGINT sent to this process is the
// server's own signal (graceful shutdown, see apps/server/src/server.ts).
//
// npm runs this script through `sh -c`, and dash does not exec into it: npm forwards SIGTERM
// to that shell, the shell dies, and this process would live on as an orphan. So when npm
// started us, losing our parent counts as the signal to stop.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildWhatIsStale, root } from "./lib.mjs";

if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch (err) {
      if (err.code !== "ESRCH") return;
      clearInterval(watch);
      console.error("npm start: der aufrufende Prozess ist beendet, der Server fährt herunter.");
      process.kill(process.pid, "SIGTERM");
    }
  }, 500);
  watch.unref();
}

await buildWhatIsStale();

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "apps/server/dist/server.js")).href);
