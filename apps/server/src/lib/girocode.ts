import QRCode from "qrcode";

/**
 * The GiroCode (EPC069-12 "Quick Response Code: guidelines to enable data capture for the initiation
 * of a SEPA credit transfer", version 002): the lines a banking app reads — service tag BCD, version,
 * character set 1 (UTF-8), SCT, the BIC (optional since version 002), the recipient (70 at most), the
 * IBAN, the amount as EUR with two decimals, no purpose, no structured reference, the remittance text
 * (140 at most). At most 331 bytes; drawn with error correction M as the guidelines ask.
 */

export interface GiroCodeInput {
  recipient: string;
  iban: string;
  bic: string | null;
  amountCents: number;
  remittance: string;
}

const oneLine = (text: string, max: number) =>
  text
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, max);

export function giroCodePayload(input: GiroCodeInput): string {
  if (input.amountCents < 1 || input.amountCents > 99_999_999_999)
    throw new RangeError("GiroCode: Betrag außerhalb 0,01 bis 999.999.999,99 €");
  const payload = [
    "BCD",
    "002",
    "1",
    "SCT",
    input.bic ?? "",
    oneLine(input.recipient, 70),
    input.iban.replace(/\s+/g, "").toUpperCase(),
    `EUR${(input.amountCents / 100).toFixed(2)}`,
    "",
    "",
    oneLine(input.remittance, 140),
  ].join("\n");
  return payload;
}

/** The code as an SVG image (the web app shows it as it is; quiet zone included). */
export function giroCodeSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}

/** The code as a PNG (the payment reminder's attachment: mail programs show PNG, not SVG). */
export function giroCodePng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 6 });
}
