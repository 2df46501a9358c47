import { describe, expect, it } from "vitest";
import { berlinToday } from "@/lib/format";
import {
  appointmentDateLimits,
  appointmentFormSchema,
  appointmentTypeLabel,
  EMPTY_APPOINTMENT_FORM,
  missingRequiredFields,
  rescheduleValues,
  TIME_SLOTS,
  timeSlotLabel,
} from "./appointment-form";
import { appointmentStatusLabel } from "./texts";

// A Monday; the request window runs from Tuesday 2026-12-15 to 2027-06-14.
const TODAY = "2026-12-14";
const valid = { type: "repair", date: "2026-12-16", timeSlot: "afternoon", notes: "  Bitte klingeln  " };

function errorsOf(values: typeof valid) {
  const result = appointmentFormSchema(TODAY).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("labels", () => {
  it("shows each time slot with its hours", () => {
    expect(TIME_SLOTS.map(timeSlotLabel)).toEqual([
      "Vormittag (8-12 Uhr)",
      "Nachmittag (12-16 Uhr)",
      "Abend (16-18 Uhr)",
    ]);
  });

  it("names the appointment types in German", () => {
    expect(["consultation", "inspection", "repair", "other"].map(appointmentTypeLabel)).toEqual([
      "Beratung",
      "Besichtigung",
      "Reparatur",
      "Sonstiges",
    ]);
  });

  it("labels the status: Bestätigt, Ausstehend, Abgesagt, otherwise Abgeschlossen", () => {
    expect(appointmentStatusLabel("confirmed").label).toBe("Bestätigt");
    expect(appointmentStatusLabel("pending").label).toBe("Ausstehend");
    expect(appointmentStatusLabel("canceled").label).toBe("Abgesagt");
    expect(appointmentStatusLabel("completed").label).toBe("Abgeschlossen");
    expect(appointmentStatusLabel("whatever").label).toBe("Abgeschlossen");
  });
});

describe("berlinToday", () => {
  it("uses the Berlin calendar day, not UTC's", () => {
    // 22:30 UTC on 30 March is already 31 March in Berlin (summer time).
    expect(berlinToday(new Date("2025-03-30T22:30:00Z"))).toBe("2025-03-31");
    expect(berlinToday(new Date("2025-01-15T22:59:00Z"))).toBe("2025-01-15");
    expect(berlinToday(new Date("2025-01-15T23:00:00Z"))).toBe("2025-01-16");
  });
});

describe("missingRequiredFields", () => {
  it("lists type, date and time slot when they are empty; notes are optional", () => {
    expect(missingRequiredFields(EMPTY_APPOINTMENT_FORM)).toEqual(["type", "date", "timeSlot"]);
    expect(missingRequiredFields({ ...valid, notes: "" })).toEqual([]);
    expect(missingRequiredFields({ ...valid, date: "  " })).toEqual(["date"]);
  });
});

describe("appointmentFormSchema", () => {
  it("gives the API body with trimmed notes", () => {
    expect(appointmentFormSchema(TODAY).parse(valid)).toEqual({
      type: "repair",
      date: "2026-12-16",
      timeSlot: "afternoon",
      notes: "Bitte klingeln",
    });
  });

  it("sends blank notes as null", () => {
    expect(appointmentFormSchema(TODAY).parse({ ...valid, notes: "   " }).notes).toBeNull();
  });

  it.each([
    ["tomorrow, a Tuesday", "2026-12-15", undefined],
    ["the last working day of the window", "2027-06-14", undefined],
    ["today", TODAY, "Termine können frühestens für morgen angefragt werden."],
    ["yesterday", "2026-12-13", "Das Datum darf nicht in der Vergangenheit liegen."],
    ["a Saturday", "2026-12-19", "Bitte wählen Sie einen Werktag (Montag bis Freitag)."],
    ["a Sunday", "2026-12-20", "Bitte wählen Sie einen Werktag (Montag bis Freitag)."],
    [
      "Christmas Day",
      "2026-12-25",
      "Am 25.12.2026 ist ein gesetzlicher Feiertag (1. Weihnachtstag). Bitte wählen Sie einen anderen Tag.",
    ],
    [
      "Women's Day in Berlin",
      "2027-03-08",
      "Am 08.03.2027 ist ein gesetzlicher Feiertag (Internationaler Frauentag). Bitte wählen Sie einen anderen Tag.",
    ],
    ["6 months and 1 day ahead", "2027-06-15", "Termine können höchstens 6 Monate im Voraus angefragt werden."],
    ["the year 2999", "2999-06-15", "Termine können höchstens 6 Monate im Voraus angefragt werden."],
  ])("checks the date like the server: %s (%s)", (_case, date, message) => {
    expect(errorsOf({ ...valid, date })).toEqual(message ? { date: message } : {});
  });

  it("offers the date input the window from tomorrow to 6 months ahead", () => {
    expect(appointmentDateLimits(TODAY)).toEqual({ min: "2026-12-15", max: "2027-06-14" });
  });

  it("says which required field is missing, one message per field", () => {
    expect(errorsOf({ ...EMPTY_APPOINTMENT_FORM })).toEqual({
      type: "Bitte wählen Sie die Art des Termins.",
      date: "Bitte wählen Sie ein Datum.",
      timeSlot: "Bitte wählen Sie ein Zeitfenster.",
    });
  });

  it("refuses dates that do not exist and unknown values", () => {
    expect(errorsOf({ ...valid, date: "2025-02-30" })).toEqual({ date: "Bitte geben Sie ein gültiges Datum an." });
    expect(errorsOf({ ...valid, type: "party", timeSlot: "night" })).toEqual({
      type: "Bitte wählen Sie die Art des Termins.",
      timeSlot: "Bitte wählen Sie ein Zeitfenster.",
    });
  });

  it("limits notes to 2000 characters", () => {
    expect(errorsOf({ ...valid, notes: "x".repeat(2001) })).toEqual({
      notes: "Anmerkungen dürfen höchstens 2000 Zeichen lang sein.",
    });
  });
});

describe("rescheduleValues", () => {
  it("keeps type, slot and notes and asks for a new date", () => {
    expect(rescheduleValues({ type: "inspection", time_slot: "evening", notes: "Hund im Haus" })).toEqual({
      type: "inspection",
      date: "",
      timeSlot: "evening",
      notes: "Hund im Haus",
    });
    expect(rescheduleValues({ type: "other", time_slot: null, notes: null })).toEqual({
      type: "other",
      date: "",
      timeSlot: "",
      notes: "",
    });
  });
});
