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

export function addSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  const secure = { ...headers, "strict-transport-security": HSTS };
  app.addHook("onRequest", (request, reply, done) => {
    // request.protocol honours X-Forwarded-Proto only with TRUST_PROXY.
    reply.headers(request.protocol === "https" ? secure : headers);
    done();
  });
}
