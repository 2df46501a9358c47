import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Helmet's security headers on every response, with a CSP the web app lives under.
 *
 * helmet's middleware is built once here. @fastify/helmet builds it anew for every request (it
 * re-parses the CSP directives each time), which under load cost about a tenth of the CPU.
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
  app.addHook("onRequest", (request, reply, done) => {
    // request.protocol honours X-Forwarded-Proto only with TRUST_PROXY.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
