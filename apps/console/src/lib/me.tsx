import type { StaffCapability, StaffProfile } from "@mieter-portal/contracts/staff";
import { roleCan } from "@mieter-portal/contracts/staff";
import { createContext, useContext } from "react";

export const MeContext = createContext<StaffProfile | null>(null);

/** The signed-in staff member; only inside the signed-in shell. */
export function useMe(): StaffProfile {
  const me = useContext(MeContext);
  if (!me) throw new Error("useMe außerhalb der angemeldeten Oberfläche");
  return me;
}

/** Whether the signed-in role may work on something; the console hides what it may not. */
export function useCan(capability: StaffCapability): boolean {
  return roleCan(useMe().role, capability);
}
