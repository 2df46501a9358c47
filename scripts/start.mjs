// npm start: build what is not built yet, then run the server (it migrates, seeds demo data
// into an empty database and serves the web app on the same port).
//
// The server runs in this process (no child): a SIGTERM/SIGINT sent to this process is the
// server's own signal (graceful shutdown, see apps/server/src/server.ts).
//
// npm runs this script through `sh -c`, and dash does not exec into it: npm forwards SIGTERM
// to that shell, the shell dies, and this process would live on as an orphan. So when npm
// started us, losing our parent counts as the signal to stop.
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as lib from "./lib.mjs";

const { buildWhatIsStale, root } = lib;

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

// The server's own defaults (apps/server/src/config.ts); a PORT that is no port number is left to
// the server, which says so itself. PORT=0 picks a free port: nothing to check.
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || "127.0.0.1";

/** Ends the process with a German sentence when the port is taken, instead of the server's stack trace. */
async function exitIfPortTaken() {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return;
  const problem = await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (err) => resolve(err.code ?? "error"));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
  if (problem === "EADDRINUSE") {
    console.error(
      `Mieter-Portal startet nicht: Port ${port} ist schon belegt (läuft das Portal schon in einem anderen Fenster?).\n` +
        `Beenden Sie das andere Programm oder wählen Sie einen anderen Port, z. B.: PORT=${port === 65535 ? 3001 : port + 1} npm start`,
    );
    process.exit(1);
  }
  if (problem === "EACCES") {
    console.error(
      `Mieter-Portal startet nicht: Port ${port} darf dieses Konto nicht öffnen.\n` +
        "Wählen Sie einen Port ab 1024, z. B.: PORT=3000 npm start",
    );
    process.exit(1);
  }
}

// Before building: a taken port is not worth minutes of building.
await exitIfPortTaken();

// The first run builds everything (several minutes): say so before it starts.
const stale = (lib.builds ?? []).filter((step) => lib.isStale?.(step.output, step.inputs));
if (stale.length > 0 && stale.length === (lib.builds ?? []).length) {
  console.log(
    "Erster Start: Mieter-Portal wird jetzt gebaut. Das dauert einige Minuten; danach startet der Server von selbst.\n" +
      "Spätere Starts bauen nur noch, was sich geändert hat.",
  );
} else if (stale.length > 0) {
  console.log(
    `Geändert seit dem letzten Bau: ${stale.map((step) => step.name).join(", ")}. Das Bauen kann einige Minuten dauern.`,
  );
}

await buildWhatIsStale();

// Building took a while: the port may have been taken in the meantime.
await exitIfPortTaken();

process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "apps/server/dist/server.js")).href);
