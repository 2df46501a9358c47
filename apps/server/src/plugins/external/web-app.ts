import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { API_BASE, ERROR_MESSAGES } from "@mieter-portal/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppConfig } from "../../config.js";
import { isCrewPath, serveCrewApp } from "./crew-app.js";
import { contentSecurityPolicyAllowing } from "./security-headers.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The contents of a page's inline scripts (those without `src`), as the browser hashes them. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ""))
    .map(([, , code]) => code ?? "")
    .filter((code) => code.length > 0);
}

/** The built web app next to this server in the repository (apps/web/dist). */
export function defaultWebDist(): string {
  return fileURLToPath(new URL("../../../../web/dist", import.meta.url));
}

/** The built staff console next to this server in the repository (apps/console/dist). */
export function defaultConsoleDist(): string {
  return fileURLToPath(new URL("../../../../console/dist", import.meta.url));
}

/** Where the staff console lives; its Vite build uses the same base. */
export const CONSOLE_BASE = "/verwaltung";

const cacheHeaderFor = (root: string, filePath: string) =>
  path.relative(root, filePath).startsWith(`assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache";

/**
 * The staff console under /verwaltung/: hashed assets cached for a year, index.html revalidated,
 * and its own SPA fallback, so client routes such as /verwaltung/mieter/… load the console.
 * Returns whether the console is built.
 */
async function serveConsole(app: FastifyInstance, config: AppConfig): Promise<{ index: string } | null> {
  const root = config.consoleDist ?? defaultConsoleDist();
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return null;
  const index = readFileSync(indexFile, "utf8");
  await app.register(fastifyStatic, {
    root,
    prefix: `${CONSOLE_BASE}/`,
    index: false,
    wildcard: true,
    // Serves the .br/.gz the build wrote beside each asset when the client accepts them.
    preCompressed: true,
    // The web app's registration already decorates the reply.
    decorateReply: false,
    setHeaders(res, filePath) {
      res.header("cache-control", cacheHeaderFor(root, filePath));
    },
  });
  // /verwaltung(/) itself and every client route reach the not-found handler, which sends the index.
  return { index };
}

/**
 * Serves the built PWA on the same origin: hashed assets cached for a year, everything else
 * revalidated, index.html with the brand filled in, and the SPA fallback for client routes.
 * Unknown /api paths answer the German JSON 404 instead.
 */
export async function serveWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  const root = config.webDist ?? defaultWebDist();
  const indexFile = path.join(root, "index.html");
  const hasWeb = existsSync(indexFile);

  let index: { html: string; csp: string } | undefined;
  const renderIndex = () => {
    if (!index) {
      const built = readFileSync(indexFile, "utf8");
      const html = built
        .replaceAll("__MP_COMPANY_NAME__", escapeHtml(config.brand.companyName))
        .replaceAll("__MP_LOGO_TEXT__", escapeHtml(config.brand.logoText));
      // The build inlines the start hint (apps/web/vite.config.ts): the page's CSP allows exactly
      // the inline scripts of the built file, by their hashes (taken before the brand is filled in,
      // so nothing of the configuration could ever be allowed as a script), and no other.
      index = { html, csp: contentSecurityPolicyAllowing(inlineScripts(built)) };
    }
    return index;
  };
  const sendIndex = (reply: FastifyReply) => {
    const { html, csp } = renderIndex();
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", csp)
      .send(html);
  };

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      // Serves the .br/.gz the build wrote beside each asset when the client accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header("cache-control", cacheHeaderFor(root, filePath));
      },
    });
    app.get("/", { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
    app.get("/index.html", { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
  }

  const staffConsole = await serveConsole(app, config);
  const crewApp = await serveCrewApp(app, config);

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    const isApi = url === "/api" || url.startsWith("/api/") || url.startsWith(API_BASE);
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
    const inConsole = url === CONSOLE_BASE || url.startsWith(`${CONSOLE_BASE}/`);
    if (staffConsole && wantsPage && !looksLikeFile && inConsole) {
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(staffConsole.index);
    }
    if (crewApp && wantsPage && !looksLikeFile && isCrewPath(url)) {
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(crewApp.index);
    }
    if (hasWeb && wantsPage && !isApi && !looksLikeFile) return sendIndex(reply);
    return reply.code(404).send({ error: "route_not_found", message: ERROR_MESSAGES.route_not_found });
  });
}
