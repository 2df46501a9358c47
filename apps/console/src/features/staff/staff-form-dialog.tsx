import {
  STAFF_ROLE_LABELS,
  type StaffMember,
  type StaffRole,
  staffCreateRequest,
} from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Switch } from "@mieter-portal/ui/switch";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { FormError, SelectField, TextField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { useInviteStaff, useUpdateStaff } from "./api";

/** Invite a new staff member, or edit one (role, buildings, active). */
export function StaffFormDialog({
  member,
  trigger,
}: {
  member?: StaffMember;
  trigger: (open: () => void) => ReactNode;
}) {
  const invite = useInviteStaff();
  const update = useUpdateStaff();
  const buildings = useQuery(buildingsQueryOptions());
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(member?.email ?? "");
  const [name, setName] = useState(member?.name ?? "");
  const [role, setRole] = useState<StaffRole>(member?.role ?? "verwalter");
  const [buildingIds, setBuildingIds] = useState<string[]>(member?.buildings.map((b) => b.id) ?? []);
  const [active, setActive] = useState(member?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const pending = invite.isPending || update.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffCreateRequest, {
      email: member ? member.email : email,
      name,
      role,
      building_ids: role === "administrator" ? [] : buildingIds,
    });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      if (member) {
        await update.mutateAsync({ id: member.id, name, role, building_ids: checked.data.building_ids, active });
        toast({ title: "Änderungen gespeichert" });
      } else {
        await invite.mutateAsync(checked.data);
        toast({ title: "Einladung gesendet", description: `${email} erhält einen Link (72 Stunden gültig).` });
        setEmail("");
        setName("");
        setBuildingIds([]);
      }
      setOpen(false);
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  const title = member ? `${member.name} bearbeiten` : "Mitarbeiter einladen";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger(() => setOpen(true))}
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {member
              ? "Rolle, Gebäude und Zugang."
              : "Die Person erhält per E-Mail einen Link, um ihr Passwort festzulegen."}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          {member ? null : (
            <TextField
              label="E-Mail-Adresse"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
          )}
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <SelectField
            label="Rolle"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            error={errors.role}
          >
            {(Object.keys(STAFF_ROLE_LABELS) as StaffRole[]).map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          {role === "administrator" ? (
            <p className="text-sm text-muted-foreground">
              Administratoren sehen alle Gebäude und brauchen einen zweiten Faktor.
            </p>
          ) : (
            <fieldset className="grid gap-2" aria-describedby={errors.building_ids ? "building-ids-error" : undefined}>
              <legend className="mb-1 text-sm font-medium">Gebäude</legend>
              {(buildings.data ?? []).map((b) => (
                <label key={b.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={buildingIds.includes(b.id)}
                    onChange={(e) =>
                      setBuildingIds((ids) => (e.target.checked ? [...ids, b.id] : ids.filter((id) => id !== b.id)))
                    }
                  />
                  {b.name} <span className="text-muted-foreground">({b.address})</span>
                </label>
              ))}
              {errors.building_ids ? (
                <p id="building-ids-error" className="text-sm text-destructive-text">
                  {errors.building_ids}
                </p>
              ) : null}
            </fieldset>
          )}
          {member ? (
            <div className="flex items-center justify-between gap-4">
              <label htmlFor="staff-active" className="text-sm font-medium">
                Zugang aktiv
              </label>
              <Switch id="staff-active" checked={active} onCheckedChange={setActive} />
            </div>
          ) : null}
          <Button type="submit" className="w-fit" disabled={pending}>
            {pending ? "Wird gespeichert…" : member ? "Speichern" : "Einladung senden"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
