import type { MeterReading } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { checkPlausibility, meterHistory } from "./plausibility";

function reading(date: string, water: number | null, submittedAt = `${date}T17:00:00.000Z`): MeterReading {
  return {
    id: `${date}-${submittedAt}`,
    reading_date: date,
    submitted_at: submittedAt,
    water_reading: water,
    electricity_reading: null,
    heating_reading: null,
    photos: [],
  };
}

// Newest first, as the API lists them: about 100 m³ a year (≈ 0.274 m³ a day).
const readings = [
  reading("2025-12-30", 500),
  reading("2024-12-30", 400),
  reading("2023-12-30", 300),
  reading("2023-06-01", null),
];
const history = meterHistory(readings, "water");

describe("meterHistory", () => {
  it("keeps the meter's values oldest first and skips readings without it", () => {
    expect(history).toEqual([
      { date: "2023-12-30", value: 300 },
      { date: "2024-12-30", value: 400 },
      { date: "2025-12-30", value: 500 },
    ]);
    expect(meterHistory(readings, "electricity")).toEqual([]);
  });

  it("orders two readings of one day by submission time", () => {
    const sameDay = meterHistory(
      [reading("2025-01-05", 12, "2025-01-05T18:00:00.000Z"), reading("2025-01-05", 10, "2025-01-05T08:00:00.000Z")],
      "water",
    );
    expect(sameDay.map((p) => p.value)).toEqual([10, 12]);
  });
});

describe("checkPlausibility", () => {
  it("says nothing without a value, a date or an earlier reading", () => {
    expect(checkPlausibility(null, "2026-01-30", history)).toBeNull();
    expect(checkPlausibility(100, "", history)).toBeNull();
    expect(checkPlausibility(100, "2023-01-01", history)).toBeNull();
    expect(checkPlausibility(100, "2026-01-30", [])).toBeNull();
  });

  it("warns when the value is lower than the last reading", () => {
    expect(checkPlausibility(499.999, "2026-01-30", history)).toEqual({
      kind: "lower",
      previous: { date: "2025-12-30", value: 500 },
    });
    expect(checkPlausibility(500, "2026-01-30", history)).toBeNull();
  });

  it("compares with the last reading on or before the chosen date", () => {
    // Back-dated into 2025: the 2024 reading is the one before.
    expect(checkPlausibility(450, "2025-06-30", history)).toBeNull();
    expect(checkPlausibility(399, "2025-06-30", history)).toMatchObject({
      kind: "lower",
      previous: { date: "2024-12-30" },
    });
  });

  it("accepts a normal rise and warns about a jump far beyond the usual consumption", () => {
    // 31 days at ≈ 0.274 m³/day ≈ 8.5 m³ usual; the limit is 3× that.
    expect(checkPlausibility(508, "2026-01-30", history)).toBeNull();
    expect(checkPlausibility(525, "2026-01-30", history)).toBeNull();
    const hint = checkPlausibility(530, "2026-01-30", history);
    expect(hint).toMatchObject({ kind: "jump", previous: { date: "2025-12-30", value: 500 }, increase: 30 });
    expect(hint?.kind === "jump" && hint.usual).toBeCloseTo((200 / 731) * 31, 5);
  });

  it("measures the usual consumption over at least 30 days", () => {
    // One day after the last reading the allowance is still 30 days' worth (≈ 24.6 m³ at 3×).
    expect(checkPlausibility(520, "2025-12-31", history)).toBeNull();
    expect(checkPlausibility(525, "2025-12-31", history)?.kind).toBe("jump");
  });

  it("catches a misplaced comma (thousand times the value)", () => {
    expect(checkPlausibility(500_100, "2026-01-30", history)?.kind).toBe("jump");
  });

  it("cannot judge a jump from a single reading", () => {
    expect(checkPlausibility(100_000, "2026-01-30", [{ date: "2025-12-30", value: 500 }])).toBeNull();
  });
});
