import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../config.js";

/** Where the crew's app "Einsätze" lives (issue 27 §2, decision 052); its Vite build uses the same base. */
export const CREW_BASE = "/einsatz";

/** The built crew app next to this server in the repository (apps/crew/dist). */
export function defaultCrewDist(): string {
  return fileURLToPath(new URL("../../../../crew/dist", import.meta.url));
}

const cacheHeaderFor = (root: string, filePath: string) =>
  path.relative(root, filePath).startsWith(`assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache";

/** Whether a path is the crew app's own (its index or a client route). */
export const isCrewPath = (url: string) => url === CREW_BASE || url.startsWith(`${CREW_BASE}/`);

/**
 * The crew app under /einsatz/: hashed assets cached for a year; index.html, the service worker and
 * the manifest revalidated (a new version reaches the phones at their next start); the SPA fallback
 * for its client routes is the not-found handler's (web-app.ts), with the index returned here.
 * Returns null when the app is not built.
 */
export async function serveCrewApp(app: FastifyInstance, config: AppConfig): Promise<{ index: string } | null> {
  const root = config.crewDist ?? defaultCrewDist();
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return null;
  const index = readFileSync(indexFile, "utf8");
  await app.register(fastifyStatic, {
    root,
    prefix: `${CREW_BASE}/`,
    index: false,
    wildcard: true,
    preCompressed: true,
    // The web app's registration already decorates the reply.
    decorateReply: false,
    setHeaders(res, filePath) {
      res.header("cache-control", cacheHeaderFor(root, filePath));
    },
  });
  return { index };
}
