import type { Db } from "../../src/db/connection.js";
import { saveCreditorSettings } from "../../src/domain/sepa/creditor.js";

/** The company's creditor settings as the SEPA tests use them (a test Gläubiger-ID, 2 lead days, 5 days' notice). */
export function saveTestCreditor(db: Db) {
  return saveCreditorSettings(
    db,
    {
      creditorId: "DE98ZZZ09999999999",
      name: "Grünfeld Hausverwaltung GmbH",
      iban: "DE89370400440532013000",
      bic: null,
      leadDays: 2,
      prenoticeDays: 5,
    },
    { staffId: null, name: "Test", ip: null },
  );
}
