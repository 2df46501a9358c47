import type { Appointment, MeterReading, Repair } from "@mieter-portal/contracts";

/**
 * The server's answers to the tenant's changes, as packages/contracts describes them: a declared
 * change (lib/changes) parses its answer with that schema, so a test server must answer in shape.
 */
export const repairAnswer: Repair = {
  id: "r1",
  type: "other",
  location: "kitchen",
  description: "Gemeldet",
  urgency: "medium",
  status: "reported",
  reported_at: "2026-01-05T09:00:00.000Z",
  planned_date: null,
  completed_at: null,
  photos: [],
  history: [],
};

export const appointmentAnswer: Appointment = {
  id: "a1",
  type: "consultation",
  title: "Beratungstermin",
  status: "pending",
  origin: "tenant",
  start_time: "2026-01-12T08:00:00.000Z",
  end_time: "2026-01-12T11:00:00.000Z",
  requested_date: "2026-01-12",
  time_slot: "morning",
  notes: null,
  location: null,
  created_at: "2026-01-05T09:00:00.000Z",
};

export const meterReadingAnswer: MeterReading = {
  id: "new",
  reading_date: "2026-01-05",
  submitted_at: "2026-01-05T09:00:00.000Z",
  water_reading: 12.5,
  electricity_reading: null,
  heating_reading: null,
  photos: [],
};
