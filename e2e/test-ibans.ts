import { randomInt } from "node:crypto";

/**
 * A valid German IBAN (ISO 13616 check digits) for a bank code and a ten-digit account number.
 * The import rightly calls a second payment of the same amount from the same IBAN on the same day
 * "Möglicherweise bereits gebucht", so tests that book money take payers of their own run
 * (`freshIban`) instead of a well-known example IBAN another test books too.
 */
export function germanIban(bankCode: string, account: string | number): string {
  const bban = `${bankCode}${String(account).padStart(10, "0")}`;
  // Move "DE00" behind the BBAN, D=13, E=14; check digits = 98 − (number mod 97).
  const mod = [...`${bban}131400`].reduce((acc, digit) => (acc * 10 + Number(digit)) % 97, 0);
  return `DE${String(98 - mod).padStart(2, "0")}${bban}`;
}

/** A valid IBAN no other test or run shares (random ten-digit account). */
export function freshIban(bankCode = "12030000"): string {
  return germanIban(bankCode, randomInt(1_000_000_000, 9_999_999_999));
}

/** The IBAN in groups of four, as a person types it. */
export const ibanGroups = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");
