import { insertMeterReading } from "../../domain/meter-readings/rows.js";
import { insertPhoto } from "../../domain/photos/rows.js";
import { insertRepair } from "../../domain/repairs/rows.js";
import { germanDate } from "./calendar.js";
import type { Actor, SeedContext } from "./context.js";
import { createPng } from "./png.js";

/** The demo tenant's upkeep: meter readings over the years and repairs in every status. */

/** One reading at each turn of the year, plus one this year once spring has come; values rise plausibly. */
export async function seedMeterReadings(ctx: SeedContext, tenantId: string): Promise<void> {
  const { db, files, cal } = ctx;
  const yearly = { water: 41_237, electricity: 2_158_400, heating: 6_412_000 };
  let last = { water: 312_418, electricity: 14_231_700, heating: 48_213_000 };
  for (const year of [cal.year - 3, cal.year - 2, cal.year - 1]) {
    if (year !== cal.year - 3) {
      last = {
        water: last.water + yearly.water + (year % 3) * 1_111,
        electricity: last.electricity + yearly.electricity + (year % 2) * 37_300,
        heating: last.heating + yearly.heating - (year % 2) * 215_000,
      };
    }
    const date = `${year}-12-30`;
    const id = await insertMeterReading(db, tenantId, {
      readingDate: date,
      submittedAt: cal.atDate(date, 18, 20),
      waterMilli: last.water,
      electricityMilli: last.electricity,
      heatingMilli: last.heating,
    });
    if (year === cal.year - 1) {
      await insertPhoto(db, files, tenantId, {
        ownerType: "meter_reading",
        ownerId: id,
        meter: "water",
        position: 0,
        filename: "wasserzaehler.png",
        bytes: createPng(96, 64, [40, 90, 160], [200, 220, 240]),
        mimeType: "image/png",
        createdAt: cal.atDate(date, 18, 20),
      });
    }
  }
  const date = cal.day(-30);
  if (date <= `${cal.year - 1}-12-31`) return;
  // Consumption since the turn of the year, proportional to the days gone by.
  const share = (Date.parse(date) - Date.parse(`${cal.year - 1}-12-30`)) / (365 * 86_400_000);
  const since = (annual: number) => Math.max(1, Math.round(annual * share));
  await insertMeterReading(db, tenantId, {
    readingDate: date,
    submittedAt: cal.at(-30, 19, 5),
    waterMilli: last.water + since(yearly.water),
    electricityMilli: last.electricity + since(yearly.electricity),
    heatingMilli: last.heating + since(yearly.heating),
  });
}

export interface RepairActors {
  anna: Actor;
  staff: Actor;
  system: Actor;
  heaterDate: string;
}

/** One repair in every status, each with the history that led there. */
export async function seedRepairs(
  ctx: SeedContext,
  tenantId: string,
  { anna, staff, system, heaterDate }: RepairActors,
) {
  const { db, files, cal } = ctx;
  const dripId = await insertRepair(db, tenantId, {
    type: "plumbing",
    location: "bathroom",
    description: "Der Wasserhahn am Waschbecken im Bad tropft, auch wenn er ganz zugedreht ist.",
    urgency: "low",
    history: [{ status: "reported", at: cal.at(-2, 18, 30), actor: anna }],
  });
  await insertPhoto(db, files, tenantId, {
    ownerType: "repair",
    ownerId: dripId,
    position: 0,
    filename: "wasserhahn-bad.png",
    bytes: createPng(96, 64, [180, 180, 190], [90, 110, 140]),
    mimeType: "image/png",
    createdAt: cal.at(-2, 18, 30),
  });
  await insertRepair(db, tenantId, {
    type: "door-window",
    location: "bedroom",
    description: "Das Schlafzimmerfenster lässt sich nur schwer schließen, und es zieht am Rahmen.",
    urgency: "medium",
    history: [
      { status: "reported", at: cal.at(-6, 8, 45), actor: anna },
      {
        status: "confirmed",
        at: cal.at(-5, 10, 20),
        actor: staff,
        note: "Wir beauftragen einen Fensterbauer und melden uns mit einem Termin.",
      },
    ],
  });
  await insertRepair(db, tenantId, {
    type: "heating",
    location: "bedroom",
    description: "Der Heizkörper im Schlafzimmer wird nicht mehr warm, obwohl das Thermostat auf 5 steht.",
    urgency: "high",
    plannedDate: heaterDate,
    history: [
      { status: "reported", at: cal.at(-9, 19, 35), actor: anna },
      {
        status: "confirmed",
        at: cal.at(-9, 19, 35),
        actor: system,
        note: "Automatisch bestätigt: Heizungsausfall während der Heizperiode.",
      },
      {
        status: "scheduled",
        at: cal.at(-7, 9, 30),
        actor: staff,
        note: `Wärmetechnik Schulz kommt am ${germanDate(heaterDate)} zwischen 8 und 12 Uhr.`,
      },
    ],
  });
  await insertRepair(db, tenantId, {
    type: "electrical",
    location: "kitchen",
    description: "Die Steckdose neben der Spüle hat keinen Strom mehr; die Sicherung ist nicht herausgesprungen.",
    urgency: "high",
    // In progress: the electrician's second visit (with the spare part) is still to come.
    plannedDate: cal.day(4),
    history: [
      { status: "reported", at: cal.at(-15, 7, 50), actor: anna },
      { status: "confirmed", at: cal.at(-14, 10), actor: staff },
      { status: "scheduled", at: cal.at(-14, 10, 5), actor: staff, note: "Elektro Becker ist beauftragt." },
      {
        status: "in_progress",
        at: cal.at(-3, 9),
        actor: staff,
        note: `Der Elektriker war vor Ort; das Ersatzteil ist bestellt. Er kommt am ${germanDate(cal.day(4))} wieder.`,
      },
    ],
  });
  await insertRepair(db, tenantId, {
    type: "appliance",
    location: "kitchen",
    description: "Die Dunstabzugshaube saugt nicht mehr, und das Licht flackert.",
    urgency: "medium",
    plannedDate: cal.day(-70),
    history: [
      { status: "reported", at: cal.at(-80, 20, 10), actor: anna },
      { status: "confirmed", at: cal.at(-79, 9, 40), actor: staff },
      { status: "scheduled", at: cal.at(-79, 9, 45), actor: staff },
      { status: "in_progress", at: cal.at(-70, 9), actor: staff },
      { status: "completed", at: cal.at(-70, 11, 30), actor: staff, note: "Motor und Leuchtmittel getauscht." },
    ],
  });
  await insertRepair(db, tenantId, {
    type: "other",
    location: "hallway",
    description: "Die Klingel an der Wohnungstür summt nach dem Klingeln noch eine Weile nach.",
    urgency: "low",
    history: [
      { status: "reported", at: cal.at(-40, 17, 5), actor: anna },
      { status: "canceled", at: cal.at(-38, 8, 55), actor: anna, note: "Hat sich erledigt: ein Wackelkontakt." },
    ],
  });
}
