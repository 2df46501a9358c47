import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Helmet's security headers on every response, with a CSP the web app lives under.
 *
 * helmet's headers do not depend on the request: its middleware runs once here, on a recording
 * response, and every reply gets the recorded headers in one call. (@fastify/helmet builds the
 * middleware anew for every request and re-parses the CSP each time: a tenth of the CPU.)
 */
/** One year, subdomains included: the portal is only ever meant to be reached over HTTPS. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * helmet's headers, recorded once. `scriptSources` are allowed beside the origin's own files: the
 * hashes of the inline scripts of a page that has some (the web app's index.html, web-app.ts).
 */
function recordHelmetHeaders(scriptSources: readonly string[] = []): Record<string, string> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptSources],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        frameSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Agrees with frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: "deny" },
    // Sent only over HTTPS (below): over plain HTTP it would be meaningless, or lock out a LAN test.
    hsts: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  applyHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The CSP of a page whose inline scripts are exactly these (each allowed by its SHA-256, as CSP
 * level 2 defines it); every other inline script stays forbidden.
 */
export function contentSecurityPolicyAllowing(inlineScripts: readonly string[]): string {
  const hashes = inlineScripts.map((code) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`);
  return recordHelmetHeaders(hashes)["content-security-policy"] ?? "";
}

export function addSecurityHeaders(app: FastifyInstance): void {
  const headers = recordHelmetHeaders();
  const secure = { ...headers, "strict-transport-security": HSTS };
  app.addHook("onRequest", (request, reply, done) => {
    // request.protocol honours X-Forwarded-Proto only with TRUST_PROXY.
    reply.headers(request.protocol === "https" ? secure : headers);
    done();
  });
}
