import { Badge } from "@mieter-portal/ui/badge";
import type { VisitState } from "@/lib/einsatz";

const PHASE_TONE = { geplant: "neutral", begonnen: "warning", erledigt: "success" } as const;

/** geplant / begonnen / erledigt, and whether the device still has to send something. */
export function StateBadges({ state }: { state: VisitState }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={PHASE_TONE[state.phase]}>{state.phase}</Badge>
      {state.waiting ? <Badge tone="warning">wartet auf Synchronisierung</Badge> : null}
      {state.refused ? <Badge tone="danger">abgelehnt</Badge> : null}
    </span>
  );
}
