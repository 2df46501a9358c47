import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/**
 * The second factor of staff accounts: TOTP as RFC 6238 defines it and every authenticator app
 * speaks it (SHA-1, 6 digits, 30 s), one step of clock drift allowed either way.
 */

const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = "Mitarbeiter", issuer = "Mieter-Portal") {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step (RFC 6238: Unix seconds / 30) the code belongs to, or null when it is wrong. The
 * caller accepts the step only if it is later than the last one used (RFC 6238 §5.2:
 * repositories/staff.ts useTotpStep), so each code signs in once.
 */
export function verifyTotp(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The enrolment data: the secret, its otpauth:// URI and that URI as QR code (SVG). */
export async function totpEnrolment(secret: string, email: string, issuer: string) {
  const otpauthUrl = totpFor(secret, email, issuer).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** The current code (seed and tests). */
export const totpCodeNow = (secret: string, now = Date.now()) => totpFor(secret).generate({ timestamp: now });
