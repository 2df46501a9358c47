import { LIMITS } from "@mieter-portal/contracts";

/**
 * Request body limits. Fastify reads a body only after the onRequest hooks (API key, token) have
 * passed, and stops reading at the limit, so an oversized request costs nothing before
 * authentication and little after.
 */

/** Every route unless it says otherwise: login, reset, messages, appointments … (tens of KB of text). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The JSON routes that carry photos (repairs, meter readings): three photos of up to 8 MB, base64, plus the form. */
export const PHOTO_BODY_LIMIT = Math.ceil((LIMITS.repairMaxPhotos * LIMITS.photoMaxBytes * 4) / 3) + 64 * 1024;
