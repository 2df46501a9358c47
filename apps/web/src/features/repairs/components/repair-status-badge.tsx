import type { RepairStatus } from "@mieter-portal/contracts";
import { Badge } from "@/components/ui/badge";
import { REPAIR_STATUS } from "../texts";

export function RepairStatusBadge({ status }: { status: RepairStatus }) {
  const { label, tone } = REPAIR_STATUS[status];
  return (
    <Badge tone={tone} data-testid="repair-status">
      {label}
    </Badge>
  );
}
