import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { API_BASE, ERROR_MESSAGES } from "@mieter-portal/contracts";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../config.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The built web app next to this server in the repository (apps/web/dist). */
export function defaultWebDist(): string {
  return fileURLToPath(new URL("../../../../web/dist", import.meta.url));
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

  let indexHtml: string | undefined;
  const renderIndex = () => {
    indexHtml ??= readFileSync(indexFile, "utf8")
      .replaceAll("__MP_COMPANY_NAME__", escapeHtml(config.brand.companyName))
      .replaceAll("__MP_LOGO_TEXT__", escapeHtml(config.brand.logoText));
    return indexHtml;
  };

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath);
        res.header(
          "cache-control",
          rel.startsWith(`assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
    app.get("/", { schema: { hide: true } }, async (_request, reply) =>
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(renderIndex()),
    );
    app.get("/index.html", { schema: { hide: true } }, async (_request, reply) =>
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(renderIndex()),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    const isApi = url === "/api" || url.startsWith("/api/") || url.startsWith(API_BASE);
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
    if (hasWeb && wantsPage && !isApi && !looksLikeFile) {
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(renderIndex());
    }
    return reply.code(404).send({ error: "route_not_found", message: ERROR_MESSAGES.route_not_found });
  });
}
