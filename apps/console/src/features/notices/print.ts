import type { StaffNotice } from "@mieter-portal/contracts/staff";
import { formatDateTime } from "@/lib/format";
import { noticeKindLabel, noticeOutageWindow, noticeValidity } from "./labels";

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The notice as a page for the stairwell board (issue 25 item 21): A4, large type, black on white,
 * the kind, title, period (the outage's window, if it has one), text and who posted it — a print
 * stylesheet page of its own.
 */
export function noticePrintHtml(notice: StaffNotice, company: string): string {
  // The outage's own time when it has one (issue 25 item 21); otherwise how long the notice applies.
  const period = noticeOutageWindow(notice) ?? noticeValidity(notice);
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>Aushang: ${html(notice.title)}</title>
<style>
  @page { size: A4; margin: 20mm; }
  body { font-family: system-ui, sans-serif; color: #000; background: #fff; margin: 0 auto; max-width: 170mm; }
  .kind { font-size: 16pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.05em; }
  h1 { font-size: 30pt; line-height: 1.15; margin: 6mm 0; overflow-wrap: anywhere; }
  .period { font-size: 16pt; font-weight: 600; }
  .text { font-size: 16pt; line-height: 1.45; white-space: pre-line; overflow-wrap: anywhere; }
  footer { margin-top: 12mm; font-size: 12pt; border-top: 1px solid #000; padding-top: 4mm; }
</style>
</head>
<body>
<p class="kind">${html(noticeKindLabel(notice))}</p>
<h1>${html(notice.title)}</h1>
<p class="period">${html(period)}</p>
<p class="text">${html(notice.text)}</p>
<footer>${html(company || "Ihre Hausverwaltung")}${notice.building ? ` · ${html(notice.building.name)}` : ""} · Aushang vom ${html(formatDateTime(notice.created_at))}</footer>
</body>
</html>`;
}

/** Opens the print page in a new window and the browser's print dialog. */
export function printNotice(notice: StaffNotice, company: string): void {
  const win = window.open("", "_blank");
  if (!win) return;
  win.document.open();
  win.document.write(noticePrintHtml(notice, company));
  win.document.close();
  win.focus();
  win.print();
}
