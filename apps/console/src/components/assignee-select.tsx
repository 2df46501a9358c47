import { successResponse } from "@mieter-portal/contracts";
import { type InboxKind, personRef } from "@mieter-portal/contracts/staff";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { toast } from "@mieter-portal/ui/use-toast";
import { cn } from "@mieter-portal/ui/utils";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { z } from "zod";
import { apiGet, apiPost } from "@/lib/api-client";

/** Who may take this item: the staff of its building and the Administrators (the server decides). */
const assigneesQueryOptions = (kind: InboxKind, id: string) =>
  queryOptions({
    queryKey: ["staff", "assignees", kind, id],
    queryFn: ({ signal }) => apiGet(`/staff/inbox/${kind}/${id}/assignees`, z.array(personRef), { signal }),
    staleTime: 5 * 60_000,
  });

/** Assigns an item (or takes it off everyone); the inbox and the item's detail reload. */
export function useAssign(kind: InboxKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "assign", kind, id],
    mutationFn: (assigneeId: string | null) =>
      apiPost(`/staff/inbox/${kind}/${id}/assign`, successResponse, { assignee_id: assigneeId }),
    onSuccess: (_data, assigneeId) =>
      toast({ title: assigneeId ? "Zuständigkeit gespeichert" : "Zuständigkeit entfernt" }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["staff", "inbox"] }),
        queryClient.invalidateQueries({ queryKey: ["staff", kind, id] }),
      ]),
  });
}

/** 'Zuständig': nobody, or someone who serves the item's building (me among them when I do). */
export function AssigneeSelect({
  kind,
  itemId,
  assignee,
  meId,
  label,
  compact = false,
}: {
  kind: InboxKind;
  itemId: string;
  assignee: { id: string; name: string } | null;
  meId: string;
  /** Accessible name; in a list it names the item too. */
  label: string;
  compact?: boolean;
}) {
  const id = useId();
  const colleagues = useQuery(assigneesQueryOptions(kind, itemId));
  const assign = useAssign(kind, itemId);
  const options = new Map<string, string>();
  for (const person of colleagues.data ?? [])
    options.set(person.id, person.id === meId ? `${person.name} (ich)` : person.name);
  if (assignee && !options.has(assignee.id)) options.set(assignee.id, assignee.name);
  const value = assign.isPending ? (assign.variables ?? "") : (assignee?.id ?? "");
  return (
    <div className={cn("grid gap-1", compact ? "min-w-40" : "max-w-xs")}>
      <label htmlFor={id} className={compact ? "sr-only" : "text-sm font-medium"}>
        {label}
      </label>
      <NativeSelect
        id={id}
        value={value}
        disabled={assign.isPending}
        className={compact ? "h-9 text-sm" : undefined}
        onChange={(e) => assign.mutate(e.target.value || null)}
      >
        <option value="">Niemand</option>
        {[...options.entries()].map(([personId, name]) => (
          <option key={personId} value={personId}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
