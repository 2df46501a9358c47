import { CAMPAIGN_METER_LABELS, calendarDate, campaignMeter, passwordResetRequest } from "@mieter-portal/contracts";
import { z } from "zod";
import { findMeterCampaign } from "../../domain/meter-readings/campaign-queries.js";
import { START_PROBLEMS, startMeterCampaign } from "../../domain/meter-readings/meter-campaigns.js";
import { listBuildings } from "../../domain/staff/buildings.js";
import { germanDateOf } from "../../lib/time.js";
import { CommandError, optionalText, parseOptions, UsageError } from "../args.js";
import { type AdminCommand, requireTenantByEmail } from "../context.js";

/**
 * `start-meter-campaign`: the console's "Ablesung starten" for automation (issue 14 §5), on the same
 * repository function (audited with the CLI as actor).
 */
export const startMeterCampaignCommand: AdminCommand = {
  name: "start-meter-campaign",
  summary: "Zählerablesung für ein Gebäude starten (Standard 27.12.–03.01.), auch für einen einzelnen Mieter",
  usage:
    'start-meter-campaign --building "<adresse, name oder id>" --meter water|electricity|heating|all\n' +
    '  [--from JJJJ-MM-TT --to JJJJ-MM-TT] [--email <mieter> --reason "<anlass>"]',
  async run({ db, io }, argv) {
    const o = parseOptions(
      argv,
      z.object({
        building: z
          .string({ error: "Bitte --building angeben." })
          .trim()
          .min(1, { error: "Bitte --building angeben." }),
        meter: campaignMeter,
        from: calendarDate.optional(),
        to: calendarDate.optional(),
        email: passwordResetRequest.shape.email.optional(),
        reason: optionalText(200, "Anlass"),
      }),
    );
    if ((o.from === undefined) !== (o.to === undefined)) {
      throw new UsageError("Bitte --from und --to zusammen angeben (oder keins von beiden).");
    }
    const wanted = o.building.toLowerCase();
    const building = (await listBuildings(db, "all")).find(
      (b) => b.id === o.building || b.address.toLowerCase() === wanted || b.name.toLowerCase() === wanted,
    );
    if (!building) throw new CommandError(`Es gibt kein Gebäude „${o.building}“.`);
    const tenant = o.email ? await requireTenantByEmail(db, o.email) : undefined;
    const result = await startMeterCampaign(
      db,
      {
        buildingId: building.id,
        meter: o.meter,
        startsOn: o.from,
        endsOn: o.to,
        tenantIds: tenant ? [tenant.id] : undefined,
        reason: o.reason,
      },
      { staffId: null, name: "Admin-Kommandozeile", ip: null },
    );
    if (!result.ok) throw new CommandError(`Ablesung nicht gestartet: ${START_PROBLEMS[result.problem]}`);
    const campaign = await findMeterCampaign(db, result.id);
    io.out(
      `Ablesung „${CAMPAIGN_METER_LABELS[o.meter]}“ für ${building.name} gestartet (ID ${result.id}): ` +
        `${germanDateOf(campaign?.starts_on ?? "")} bis ${germanDateOf(campaign?.ends_on ?? "")}, ` +
        `${result.participantCount} Mietende gefragt.`,
    );
  },
};
