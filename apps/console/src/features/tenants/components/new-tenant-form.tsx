import { zodResolver } from "@hookform/resolvers/zod";
import { staffTenantCreateRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Switch } from "@mieter-portal/ui/switch";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { into } from "@/components/form-schema";
import { Section } from "@/components/page";
import { paths } from "@/config/paths";
import { PAYMENT_METHOD_LABELS } from "@/lib/labels";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { useCreateTenant } from "../api";
import { parseEuroInput, parseSignedEuroInput } from "../onboarding-labels";

/** The month field's value: "2026-12" from the month picker, "12.2026" where the browser shows a text field. */
function monthInput(text: string): string | null {
  const t = text.trim();
  const german = /^(\d{1,2})[./](\d{4})$/.exec(t);
  return german ? `${german[2]}-${german[1]!.padStart(2, "0")}` : t || null;
}

/** A German amount ("612,50") as a number, or the field's message. */
const euroText = (parse: (text: string) => number | null, message: string) =>
  z.string().transform((text, ctx) => {
    const value = parse(text);
    if (value === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });
const emptyAsNull = z.string().transform((text) => text.trim() || null);
const shape = staffTenantCreateRequest.shape;

/**
 * The form's texts turned into the contracts' request, field by field, so that every field's
 * message shows at once: the German amounts, the month in either spelling, empty as "none".
 */
const newTenantSchema = z
  .object({
    first_name: shape.first_name,
    last_name: shape.last_name,
    email: emptyAsNull.transform(into(shape.email)),
    building_id: shape.building_id,
    unit: emptyAsNull.transform(into(shape.unit)),
    start_date: shape.start_date,
    due_day: z.string().transform(Number).pipe(shape.due_day),
    base_rent: euroText(parseEuroInput, "Bitte die Kaltmiete in Euro angeben (z. B. 612,50).").pipe(shape.base_rent),
    utilities: euroText(parseEuroInput, "Bitte die Nebenkosten in Euro angeben (z. B. 180,00).").pipe(shape.utilities),
    payment_method: shape.payment_method,
    first_period: z.string().transform(monthInput).transform(into(shape.first_period)),
    opening_balance: euroText(
      (text) => (text.trim() === "" ? 0 : parseSignedEuroInput(text)),
      "Bitte den Saldovortrag in Euro angeben (Rückstand 120,00, Guthaben -50,00).",
    ).transform(into(shape.opening_balance)),
    invite: z.boolean(),
  })
  // The invitation mail needs an address; without one the tenant gets a letter.
  .transform((values) => ({ ...values, invite: values.invite && values.email !== null }));
type NewTenantValues = z.input<typeof newTenantSchema>;
type NewTenantData = z.output<typeof newTenantSchema>;

/** A tenant with the tenancy and the rent account at takeover; the tenant gets an invitation. */
export function NewTenantForm() {
  const navigate = useNavigate();
  const inviteId = useId();
  const buildings = useQuery(buildingsQueryOptions());
  const create = useCreateTenant();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    control,
    formState: { errors },
  } = useForm<NewTenantValues, unknown, NewTenantData>({
    resolver: zodResolver(newTenantSchema),
    defaultValues: {
      first_name: "",
      last_name: "",
      email: "",
      building_id: "",
      unit: "",
      start_date: "",
      base_rent: "",
      utilities: "",
      payment_method: "sepa_direct_debit",
      due_day: "3",
      first_period: "",
      opening_balance: "",
      invite: true,
    },
  });
  const noEmail = (watch("email") ?? "").trim() === "";
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    first_name: register("first_name"),
    last_name: register("last_name"),
    email: register("email"),
    building_id: register("building_id"),
    unit: register("unit"),
    start_date: register("start_date"),
    due_day: register("due_day"),
    base_rent: register("base_rent"),
    utilities: register("utilities"),
    payment_method: register("payment_method"),
    first_period: register("first_period"),
    opening_balance: register("opening_balance"),
  };

  async function onSubmit(values: NewTenantData) {
    try {
      const created = await create.mutateAsync(values);
      toast({
        title: "Mieter angelegt",
        description:
          created.invitation.status === "invited"
            ? `Die Einladung an ${values.email} ist unterwegs (72 Stunden gültig).`
            : "Laden Sie die Einladung auf der Seite des Mieters herunter oder senden Sie sie später.",
      });
      navigate(paths.tenant(created.id));
    } catch (error) {
      showApiErrors(
        error,
        setError,
        Object.values(field).map((f) => f.name),
      );
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Section title="Kontaktdaten">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Vorname"
            className="content-start"
            error={errors.first_name?.message}
            inputProps={field.first_name}
          />
          <Field
            label="Nachname"
            className="content-start"
            error={errors.last_name?.message}
            inputProps={field.last_name}
          />
          <Field
            label="E-Mail-Adresse"
            className="content-start sm:col-span-2"
            error={errors.email?.message}
            hint="Leer lassen, wenn keine bekannt ist: Dann drucken Sie einen Einladungsbrief."
            inputProps={{ type: "email", ...field.email }}
          />
        </div>
      </Section>
      <Section title="Mietverhältnis">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Gebäude" className="content-start" error={errors.building_id?.message}>
            {(controlProps) => (
              <NativeSelect {...controlProps} {...field.building_id}>
                <option value="">Bitte wählen</option>
                {(buildings.data ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name} ({b.address})
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            label="Wohnung"
            className="content-start"
            error={errors.unit?.message}
            inputProps={{ placeholder: "z. B. 2. OG links", ...field.unit }}
          />
          <Field
            label="Beginn"
            className="content-start"
            error={errors.start_date?.message}
            inputProps={{ type: "date", ...field.start_date }}
          />
          <Field
            label="Fälligkeitstag"
            className="content-start"
            error={errors.due_day?.message}
            hint="Tag des Monats, an dem die Miete fällig ist."
            inputProps={{ inputMode: "numeric", ...field.due_day }}
          />
          <Field
            label="Kaltmiete (€)"
            className="content-start"
            error={errors.base_rent?.message}
            inputProps={{ inputMode: "decimal", placeholder: "612,50", ...field.base_rent }}
          />
          <Field
            label="Nebenkosten (€)"
            className="content-start"
            error={errors.utilities?.message}
            inputProps={{ inputMode: "decimal", placeholder: "180,00", ...field.utilities }}
          />
          <Field label="Zahlungsart" className="content-start" error={errors.payment_method?.message}>
            {(controlProps) => (
              <NativeSelect {...controlProps} {...field.payment_method}>
                {Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
      </Section>
      <Section title="Mietkonto bei Übernahme">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Erster Monat mit Miete"
            className="content-start"
            error={errors.first_period?.message}
            hint="Leer lassen: ab dem ersten Monat, der heute oder später fällig ist (frühere Monate gelten als bezahlt)."
            inputProps={{ type: "month", placeholder: "MM.JJJJ", ...field.first_period }}
          />
          <Field
            label="Saldovortrag (€)"
            className="content-start"
            error={errors.opening_balance?.message}
            hint="Stand des Mietkontos heute: Rückstand positiv (z. B. 120,00), Guthaben negativ (z. B. -50,00)."
            inputProps={{ inputMode: "decimal", placeholder: "0,00", ...field.opening_balance }}
          />
        </div>
      </Section>
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="invite"
          render={({ field: { value, onChange } }) => (
            <Switch id={inviteId} checked={value && !noEmail} disabled={noEmail} onCheckedChange={onChange} />
          )}
        />
        <label htmlFor={inviteId} className="text-sm font-medium">
          Einladung gleich per E-Mail senden
        </label>
      </div>
      <Button type="submit" className="w-fit" disabled={create.isPending}>
        {create.isPending ? "Wird angelegt…" : "Mieter anlegen"}
      </Button>
    </form>
  );
}
