import type { StaffRepair } from "@mieter-portal/contracts/staff";
import { InternalNotesPanel } from "@/components/internal-notes";
import { useAddInternalNote } from "../api";

/** The repair's notes for staff only (they come with the repair). */
export function InternalNotes({ repair }: { repair: StaffRepair }) {
  const add = useAddInternalNote(repair.id);
  return <InternalNotesPanel notes={repair.internal_notes} onAdd={(note) => add.mutateAsync({ note })} />;
}
