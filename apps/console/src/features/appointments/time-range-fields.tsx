import { TextField } from "@/components/form-controls";

/** Date, start and end (Berlin time) of a proposed appointment. */
export function TimeRangeFields({
  date,
  start,
  end,
  onChange,
  errors,
  minDate,
}: {
  date: string;
  start: string;
  end: string;
  onChange: (change: { date?: string; start?: string; end?: string }) => void;
  errors: Record<string, string>;
  minDate: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        label="Datum"
        type="date"
        min={minDate}
        value={date}
        onChange={(e) => onChange({ date: e.target.value })}
        error={errors.date}
      />
      <TextField
        label="Beginn"
        type="time"
        step={900}
        value={start}
        onChange={(e) => onChange({ start: e.target.value })}
        error={errors.start}
      />
      <TextField
        label="Ende"
        type="time"
        step={900}
        value={end}
        onChange={(e) => onChange({ end: e.target.value })}
        error={errors.end}
      />
    </div>
  );
}
