import { readFile, writeFile } from "node:fs/promises";
import { passwordResetRequest } from "@mieter-portal/contracts";
import { z } from "zod";
import { germanDate } from "../../db/seed/calendar.js";
import { refreshStatisticsAfterImport } from "../../domain/statistics/statistics.js";
import { planLetterInvitation, recordLetterInvitations } from "../../domain/tenants/invitation-letters.js";
import { issueInvitation } from "../../domain/tenants/invitations.js";
import { findTenantContact } from "../../domain/tenants/tenant-contact.js";
import { importTenants, previewTenantImport } from "../../domain/tenants/tenant-import.js";
import { COMMAND_LINE_ACTOR } from "../../domain/tenants/tenant-onboarding.js";
import { invitationLettersPdf, letterValidUntil } from "../../lib/invitation-letter.js";
import { decodeSheet } from "../../lib/tenant-csv-fields.js";
import { berlinToday } from "../../lib/time.js";
import { CommandError, parseOptions, UsageError } from "../args.js";
import { type AdminCommand, commandMailContext, requireTenantByEmail } from "../context.js";

/** The command line works for every building (as an Administrator). */
const ALL_BUILDINGS = { allBuildings: true, buildingIds: [] };

export const inviteTenant: AdminCommand = {
  name: "invite-tenant",
  summary:
    "Mieter einladen: Link per E-Mail (72 Stunden) oder als Brief (PDF mit QR-Code und Registrierungscode, INVITATION_LETTER_DAYS Tage)",
  usage: "invite-tenant (--email <adresse> | --id <mieter-id>) [--letter <datei.pdf>]",
  async run({ db, config, io }, argv) {
    const o = parseOptions(
      argv,
      z.object({
        email: passwordResetRequest.shape.email.optional(),
        id: z.uuid({ error: "Die Mieter-ID ist keine gültige Kennung." }).optional(),
        letter: z.string().min(1).optional(),
      }),
    );
    if ((o.email === undefined) === (o.id === undefined)) {
      throw new UsageError("Entweder --email <adresse> oder --id <mieter-id> angeben.");
    }
    const tenantId = o.email ? (await requireTenantByEmail(db, o.email)).id : o.id!;
    const tenant = await findTenantContact(db, tenantId);
    if (!tenant) throw new CommandError(`Es gibt keinen Mieter mit der ID ${tenantId}.`);
    const mail = commandMailContext(config);
    if (o.letter) {
      // The PDF is written before the letter is recorded: a failure leaves the old link valid.
      const planned = await planLetterInvitation(db, tenantId, {
        mail,
        days: config.invitationLetterDays,
        codeKey: config.jwtSecret,
      });
      if (planned.kind !== "ok") throw new CommandError("message" in planned ? planned.message : "Nicht gefunden.");
      const letter = planned.value;
      const pdf = await invitationLettersPdf({ brand: config.brand, portalUrl: config.publicUrl }, [
        {
          tenantName: letter.name,
          address: letter.address,
          unit: letter.unit,
          link: letter.link,
          code: letter.code,
          expiresAt: letter.expiresAt,
          today: berlinToday(),
        },
      ]);
      await writeFile(o.letter, pdf);
      const recorded = await recordLetterInvitations(db, COMMAND_LINE_ACTOR, [letter]);
      if (recorded.kind !== "ok") {
        throw new CommandError(`${"message" in recorded ? recorded.message : "Nicht gefunden."} Der Brief gilt nicht.`);
      }
      io.out(
        `Einladungsbrief für ${tenant.name} gespeichert: ${o.letter} (Registrierungscode ${letter.code}, gültig bis ${letterValidUntil(letter.expiresAt)}).`,
      );
    } else {
      const issued = await issueInvitation(db, COMMAND_LINE_ACTOR, tenantId, "email", mail);
      if (issued.kind !== "ok") throw new CommandError("message" in issued ? issued.message : "Nicht gefunden.");
      const until = `${germanDate(issued.value.expiresAt.slice(0, 10))} (72 Stunden)`;
      io.out(`Einladung an ${tenant.email} liegt im Postausgang (der Server versendet sie), gültig bis ${until}.`);
    }
    io.out("Ältere Einladungslinks dieses Mieters gelten nicht mehr.");
  },
};

export const importTenantsCommand: AdminCommand = {
  name: "import-tenants",
  summary:
    "Mieter mit Mietverhältnissen aus einer CSV-Datei importieren (die gültigen Zeilen; Format: docs/tenant-import.md)",
  usage: "import-tenants --file <datei.csv> [--check] [--invite] [--refused <abgelehnt.csv>]",
  async run({ db, config, io }, argv) {
    const o = parseOptions(
      argv,
      z.object({
        file: z.string({ error: "Bitte die CSV-Datei mit --file angeben." }).min(1),
        check: z.boolean().optional(),
        invite: z.boolean().optional(),
        refused: z.string().min(1).optional(),
      }),
      ["check", "invite"],
    );
    let csv: string;
    try {
      // Excel's "CSV (Trennzeichen-getrennt)" is Windows-1252, "CSV UTF-8" UTF-8 (decision 028).
      csv = decodeSheet(await readFile(o.file));
    } catch {
      throw new CommandError(`Die Datei ${o.file} lässt sich nicht lesen.`);
    }
    // The rows are named in any case; the import writes the valid ones.
    const preview = await previewTenantImport(db, ALL_BUILDINGS, csv);
    for (const problem of preview.file_problems) io.err(problem);
    for (const warning of preview.file_warnings) io.out(`Hinweis: ${warning}`);
    for (const row of preview.rows) {
      if (row.problems.length > 0) io.err(`Zeile ${row.line}: ${row.problems.join(" ")}`);
      else if (row.warnings.length > 0) io.out(`Zeile ${row.line}: ${row.warnings.join(" ")}`);
    }
    if (preview.file_problems.length > 0) {
      throw new CommandError(
        `${o.check ? "Die Datei hat Fehler" : "Nichts importiert"}: die Datei als Ganzes (siehe oben).`,
      );
    }
    const counts = `${preview.existing} bereits vorhanden, ${preview.refused} mit Fehlern`;
    if (o.check) {
      io.out(`${preview.importable} Mieter würden importiert (${counts}).`);
    } else {
      const outcome = await importTenants(db, COMMAND_LINE_ACTOR, ALL_BUILDINGS, csv, {
        invite: o.invite === true,
        mail: commandMailContext(config),
      });
      if (outcome.kind !== "ok") throw new CommandError("Nichts importiert: die Datei als Ganzes (siehe oben).");
      await refreshStatisticsAfterImport(db);
      io.out(
        `${outcome.created} Mieter importiert${outcome.invited > 0 ? `, ${outcome.invited} per E-Mail eingeladen` : ""} ` +
          `(${outcome.skipped} bereits vorhanden, übersprungen; ${outcome.refused} mit Fehlern nicht importiert).`,
      );
    }
    if (preview.refused_csv && o.refused) {
      await writeFile(o.refused, preview.refused_csv);
      io.out(`Die Zeilen mit Fehlern stehen mit ihrem Problem in ${o.refused}: korrigieren und erneut importieren.`);
    }
    if (preview.refused > 0) {
      throw new CommandError(
        `${preview.refused} von ${preview.rows.length} Zeilen haben Fehler (siehe oben)${o.refused ? "" : "; mit --refused <datei.csv> als eigene Datei"}.`,
      );
    }
  },
};
