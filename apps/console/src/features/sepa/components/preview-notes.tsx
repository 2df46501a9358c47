import type { SepaPreviewItem } from "@mieter-portal/contracts/staff";
import { CircleAlert } from "lucide-react";

/** What keeps a charge out of the file (German, from the server), else how the tenant is told. */
export function PreviewNotes({ item }: { item: SepaPreviewItem }) {
  if (item.problems.length > 0)
    return (
      <ul className="grid gap-1 text-danger-soft-foreground" aria-label="Probleme">
        {item.problems.map((p) => (
          <li key={p} className="flex items-start gap-1.5 font-medium [overflow-wrap:anywhere]">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{p}</span>
          </li>
        ))}
      </ul>
    );
  return (
    <span className="text-muted-foreground">
      {item.prenotice === "standing"
        ? "Vorabankündigung mit dem Mandat (keine E-Mail-Adresse)"
        : "Vorabankündigung per E-Mail"}
    </span>
  );
}
