import { Button } from "@mieter-portal/ui/button";
import { Wrench } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";

/**
 * "Reparatur anlegen" on a tenant's page, "Reparatur aus dieser Nachricht anlegen" on a conversation,
 * "Reparatur Allgemeinflächen" in the inbox (no `from`: the page asks for the building).
 */
export function NewRepairLink({ from }: { from?: { tenant: string } | { thread: string } }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={paths.repairNew(from)}>
        <Wrench aria-hidden="true" />
        {!from
          ? "Reparatur Allgemeinflächen"
          : "thread" in from
            ? "Reparatur aus dieser Nachricht anlegen"
            : "Reparatur anlegen"}
      </Link>
    </Button>
  );
}
