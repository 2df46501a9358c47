import { readFile, writeFile } from "node:fs/promises";
import { passwordResetRequest } from "@mieter-portal/contracts";
import { z } from "zod";
import { germanDate } from "../../db/seed/calendar.js";
import { invitationLetterPdf } from "../../lib/invitation-letter.js";
import { berlinToday } from "../../lib/time.js";
import { importTenants, previewTenantImport } from "../../repositories/tenant-import.js";
import {
  COMMAND_LINE_ACTOR,
  findTenantContact,
  findTenantPlace,
  issueInvitation,
} from "../../repositories/tenant-onboarding.js";
import { CommandError, parseOptions, UsageError } from "../args.js";
import { type AdminCommand, commandMailContext, requireTenantByEmail } from "../context.js";

/** The command line works for every building (as an Administrator). */
const ALL_BUILDINGS = { allBuildings: true, buildingIds: [] };

export const inviteTenant: AdminCommand = {
  name: "invite-tenant",
  summary: "Mieter einladen: Link per E-Mail (72 Stunden) oder als Brief (PDF mit QR-Code)",
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
    const issued = await issueInvitation(db, COMMAND_LINE_ACTOR, tenantId, o.letter ? "letter" : "email", mail);
    if (issued.kind !== "ok") throw new CommandError("message" in issued ? issued.message : "Nicht gefunden.");
    const until = `${germanDate(issued.value.expiresAt.slice(0, 10))} (72 Stunden)`;
    if (o.letter) {
      const place = await findTenantPlace(db, tenantId);
      const pdf = await invitationLetterPdf({
        company: mail.company,
        tenantName: tenant.name,
        address: place?.address ?? null,
        unit: place?.unit ?? null,
        link: issued.value.link,
        expiresAt: issued.value.expiresAt,
        today: berlinToday(),
        portalUrl: mail.publicUrl,
      });
      await writeFile(o.letter, pdf);
      io.out(`Einladungsbrief für ${tenant.name} gespeichert: ${o.letter} (Link gültig bis ${until}).`);
    } else {
      io.out(`Einladung an ${tenant.email} liegt im Postausgang (der Server versendet sie), gültig bis ${until}.`);
    }
    io.out("Ältere Einladungslinks dieses Mieters gelten nicht mehr.");
  },
};

export const importTenantsCommand: AdminCommand = {
  name: "import-tenants",
  summary:
    "Mieter mit Mietverhältnissen aus einer CSV-Datei importieren (alles oder nichts; Format: docs/tenant-import.md)",
  usage: "import-tenants --file <datei.csv> [--check] [--invite]",
  async run({ db, config, io }, argv) {
    const o = parseOptions(
      argv,
      z.object({
        file: z.string({ error: "Bitte die CSV-Datei mit --file angeben." }).min(1),
        check: z.boolean().optional(),
        invite: z.boolean().optional(),
      }),
      ["check", "invite"],
    );
    let csv: string;
    try {
      csv = await readFile(o.file, "utf8");
    } catch {
      throw new CommandError(`Die Datei ${o.file} lässt sich nicht lesen.`);
    }
    const preview = o.check
      ? await previewTenantImport(db, ALL_BUILDINGS, csv)
      : await importTenants(db, COMMAND_LINE_ACTOR, ALL_BUILDINGS, csv, {
          invite: o.invite === true,
          mail: commandMailContext(config),
        }).then((outcome) => {
          if (outcome.kind === "ok") {
            io.out(
              `${outcome.created} Mieter importiert${outcome.invited > 0 ? `, ${outcome.invited} per E-Mail eingeladen` : ""}.`,
            );
            return undefined;
          }
          return outcome.preview;
        });
    if (!preview) return;
    for (const problem of preview.file_problems) io.err(problem);
    const wrong = preview.rows.filter((r) => r.problems.length > 0);
    for (const row of wrong) io.err(`Zeile ${row.line}: ${row.problems.join(" ")}`);
    if (!preview.valid) {
      throw new CommandError(
        `${o.check ? "Die Datei hat Fehler" : "Nichts importiert"}: ${preview.file_problems.length > 0 ? "die Datei als Ganzes" : `${wrong.length} von ${preview.rows.length} Zeilen`} (siehe oben).`,
      );
    }
    io.out(`Die Datei ist in Ordnung: ${preview.rows.length} Mieter würden importiert.`);
  },
};
