import { staffTenantCreateRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Switch } from "@mieter-portal/ui/switch";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { FormError, SelectField, TextField } from "@/components/form-controls";
import { PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { useCreateTenant } from "@/features/tenants/api";
import { parseEuroInput, parseSignedEuroInput } from "@/features/tenants/onboarding-labels";
import { TenanciesOnly } from "@/features/tenants/tenancies-only";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { PAYMENT_METHOD_LABELS } from "@/lib/labels";
import { buildingsQueryOptions } from "@/lib/shared-queries";

/** The month field's value: "2026-12" from the month picker, "12.2026" where the browser shows a text field. */
function monthInput(text: string): string | null {
  const t = text.trim();
  const german = /^(\d{1,2})[./](\d{4})$/.exec(t);
  return german ? `${german[2]}-${german[1]!.padStart(2, "0")}` : t || null;
}

function NewTenant() {
  const navigate = useNavigate();
  const inviteId = useId();
  const buildings = useQuery(buildingsQueryOptions());
  const create = useCreateTenant();
  const [values, setValues] = useState({
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
  });
  const [invite, setInvite] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const baseRent = parseEuroInput(values.base_rent);
    const utilities = parseEuroInput(values.utilities);
    const amountErrors: FieldErrors = {};
    if (baseRent === null) amountErrors.base_rent = "Bitte die Kaltmiete in Euro angeben (z. B. 612,50).";
    if (utilities === null) amountErrors.utilities = "Bitte die Nebenkosten in Euro angeben (z. B. 180,00).";
    const opening = values.opening_balance.trim() === "" ? 0 : parseSignedEuroInput(values.opening_balance);
    if (opening === null) {
      amountErrors.opening_balance = "Bitte den Saldovortrag in Euro angeben (Rückstand 120,00, Guthaben -50,00).";
    }
    const checked = validate(staffTenantCreateRequest, {
      ...values,
      email: values.email.trim() || null,
      unit: values.unit.trim() || null,
      base_rent: baseRent ?? 0,
      utilities: utilities ?? 0,
      due_day: Number(values.due_day),
      first_period: monthInput(values.first_period),
      opening_balance: opening ?? 0,
      invite: invite && values.email.trim() !== "",
    });
    if (checked.errors || Object.keys(amountErrors).length > 0) {
      return setErrors({ ...(checked.errors ?? {}), ...amountErrors });
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(checked.data);
      toast({
        title: "Mieter angelegt",
        description:
          created.invitation.status === "invited"
            ? `Die Einladung an ${checked.data.email} ist unterwegs (72 Stunden gültig).`
            : "Laden Sie die Einladung auf der Seite des Mieters herunter oder senden Sie sie später.",
      });
      navigate(paths.tenant(created.id));
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <>
      <PageHeader
        title="Mieter anlegen"
        back={{ to: paths.tenants, label: "Zur Mieterliste" }}
        description="Mieter mit Mietverhältnis. Statt eines Passworts erhält der Mieter eine Einladung."
      />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormError message={errors._form} />
        <Section title="Kontaktdaten">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Vorname"
              value={values.first_name}
              onChange={set("first_name")}
              error={errors.first_name}
            />
            <TextField label="Nachname" value={values.last_name} onChange={set("last_name")} error={errors.last_name} />
            <TextField
              label="E-Mail-Adresse"
              type="email"
              value={values.email}
              onChange={set("email")}
              error={errors.email}
              hint="Leer lassen, wenn keine bekannt ist: Dann drucken Sie einen Einladungsbrief."
              className="sm:col-span-2"
            />
          </div>
        </Section>
        <Section title="Mietverhältnis">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Gebäude"
              value={values.building_id}
              onChange={set("building_id")}
              error={errors.building_id}
            >
              <option value="">Bitte wählen</option>
              {(buildings.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name} ({b.address})
                </option>
              ))}
            </SelectField>
            <TextField
              label="Wohnung"
              value={values.unit}
              onChange={set("unit")}
              error={errors.unit}
              placeholder="z. B. 2. OG links"
            />
            <TextField
              label="Beginn"
              type="date"
              value={values.start_date}
              onChange={set("start_date")}
              error={errors.start_date}
            />
            <TextField
              label="Fälligkeitstag"
              inputMode="numeric"
              value={values.due_day}
              onChange={set("due_day")}
              error={errors.due_day}
              hint="Tag des Monats, an dem die Miete fällig ist."
            />
            <TextField
              label="Kaltmiete (€)"
              inputMode="decimal"
              value={values.base_rent}
              onChange={set("base_rent")}
              error={errors.base_rent}
              placeholder="612,50"
            />
            <TextField
              label="Nebenkosten (€)"
              inputMode="decimal"
              value={values.utilities}
              onChange={set("utilities")}
              error={errors.utilities}
              placeholder="180,00"
            />
            <SelectField
              label="Zahlungsart"
              value={values.payment_method}
              onChange={set("payment_method")}
              error={errors.payment_method}
            >
              {Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
        </Section>
        <Section title="Mietkonto bei Übernahme">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Erster Monat mit Miete"
              type="month"
              placeholder="MM.JJJJ"
              value={values.first_period}
              onChange={set("first_period")}
              error={errors.first_period}
              hint="Leer lassen: ab dem ersten Monat, der heute oder später fällig ist (frühere Monate gelten als bezahlt)."
            />
            <TextField
              label="Saldovortrag (€)"
              inputMode="decimal"
              value={values.opening_balance}
              onChange={set("opening_balance")}
              error={errors.opening_balance}
              placeholder="0,00"
              hint="Stand des Mietkontos heute: Rückstand positiv (z. B. 120,00), Guthaben negativ (z. B. -50,00)."
            />
          </div>
        </Section>
        <div className="flex items-center gap-3">
          <Switch
            id={inviteId}
            checked={invite && values.email.trim() !== ""}
            disabled={values.email.trim() === ""}
            onCheckedChange={setInvite}
          />
          <label htmlFor={inviteId} className="text-sm font-medium">
            Einladung gleich per E-Mail senden
          </label>
        </div>
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          {create.isPending ? "Wird angelegt…" : "Mieter anlegen"}
        </Button>
      </form>
    </>
  );
}

export function Component() {
  useDocumentTitle("Mieter anlegen");
  return (
    <TenanciesOnly>
      <NewTenant />
    </TenanciesOnly>
  );
}
