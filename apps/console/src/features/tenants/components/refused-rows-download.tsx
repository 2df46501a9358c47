import { Button } from "@mieter-portal/ui/button";
import { Download } from "lucide-react";
import { saveBlob } from "../onboarding-labels";

/** The refused rows as a CSV file named after the chosen one ("mieter.csv" → "mieter – Zeilen mit Fehlern.csv"). */
export function RefusedRowsDownload({ csv, count, filename }: { csv: string; count: number; filename: string }) {
  function download() {
    const base = filename.replace(/\.[^.]*$/, "");
    saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), `${base} – Zeilen mit Fehlern.csv`);
  }
  return (
    <Button variant="outline" className="w-fit" onClick={download}>
      <Download aria-hidden="true" />
      {count} {count === 1 ? "Zeile" : "Zeilen"} mit Fehlern herunterladen
    </Button>
  );
}
