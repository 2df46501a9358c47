/** Independent re-implementation of the app's display formats, to compare the UI with API data. */
const TZ = "Europe/Berlin";

export function euro(amount: number): string {
  return new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(amount);
}

export function longDate(value: string): string {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = plain ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "long", year: "numeric", timeZone: TZ }).format(
    date,
  );
}

export function time(value: string): string {
  return new Intl.DateTimeFormat("de-DE", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: TZ,
  }).format(new Date(value));
}

export function preview(text: string, max = 120): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}...` : text;
}
