import { zodResolver } from "@hookform/resolvers/zod";
import { STAFF_ROLE_LABELS, type StaffMember, staffCreateRequest, staffRole } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Switch } from "@mieter-portal/ui/switch";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { useInviteStaff, useUpdateStaff } from "../api";

/** The contracts' invitation rules (e-mail, name, a building for all but Administrators), also when editing. */
const staffFormSchema = staffCreateRequest.and(z.object({ active: z.boolean() }));
type StaffFormValues = z.input<typeof staffFormSchema>;
type StaffFormData = z.output<typeof staffFormSchema>;

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
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    getValues,
    control,
    formState: { errors },
  } = useForm<StaffFormValues, unknown, StaffFormData>({
    resolver: zodResolver(staffFormSchema),
    defaultValues: {
      email: member?.email ?? "",
      name: member?.name ?? "",
      role: member?.role ?? "verwalter",
      building_ids: member?.buildings.map((b) => b.id) ?? [],
      active: member?.active ?? true,
    },
  });
  const role = watch("role");
  const pending = invite.isPending || update.isPending;

  async function onSubmit(values: StaffFormData) {
    // Administrators see all buildings: none are sent.
    const building_ids = values.role === "administrator" ? [] : values.building_ids;
    try {
      if (member) {
        await update.mutateAsync({
          id: member.id,
          name: values.name,
          role: values.role,
          building_ids,
          active: values.active,
        });
        toast({ title: "Änderungen gespeichert" });
      } else {
        await invite.mutateAsync({ email: values.email, name: values.name, role: values.role, building_ids });
        toast({ title: "Einladung gesendet", description: `${values.email} erhält einen Link (72 Stunden gültig).` });
        reset({ ...getValues(), email: "", name: "", building_ids: [] });
      }
      setOpen(false);
    } catch (error) {
      showApiErrors(error, setError, ["email", "name", "role", "building_ids"]);
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
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormError message={errors.root?.message} />
          {member ? null : (
            <Field
              label="E-Mail-Adresse"
              error={errors.email?.message}
              inputProps={{ type: "email", ...register("email") }}
            />
          )}
          <Field label="Name" error={errors.name?.message} inputProps={register("name")} />
          <Field label="Rolle" error={errors.role?.message}>
            {(controlProps) => (
              <NativeSelect {...controlProps} {...register("role")}>
                {staffRole.options.map((r) => (
                  <option key={r} value={r}>
                    {STAFF_ROLE_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {role === "administrator" ? (
            <p className="text-sm text-muted-foreground">
              Administratoren sehen alle Gebäude und brauchen einen zweiten Faktor.
            </p>
          ) : (
            <fieldset className="grid gap-2" aria-describedby={errors.building_ids ? "building-ids-error" : undefined}>
              <legend className="mb-1 text-sm font-medium">Gebäude</legend>
              <Controller
                control={control}
                name="building_ids"
                render={({ field: { value = [], onChange } }) => (
                  <>
                    {(buildings.data ?? []).map((b) => (
                      <label key={b.id} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          checked={value.includes(b.id)}
                          onChange={(e) =>
                            onChange(e.target.checked ? [...value, b.id] : value.filter((id) => id !== b.id))
                          }
                        />
                        {b.name} <span className="text-muted-foreground">({b.address})</span>
                      </label>
                    ))}
                  </>
                )}
              />
              {errors.building_ids ? (
                <p id="building-ids-error" className="text-sm text-destructive-text">
                  {errors.building_ids.message}
                </p>
              ) : null}
            </fieldset>
          )}
          {member ? (
            <div className="flex items-center justify-between gap-4">
              <label htmlFor="staff-active" className="text-sm font-medium">
                Zugang aktiv
              </label>
              <Controller
                control={control}
                name="active"
                render={({ field }) => (
                  <Switch id="staff-active" checked={field.value} onCheckedChange={field.onChange} />
                )}
              />
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
