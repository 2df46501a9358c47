import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { FieldError } from "@mieter-portal/ui/field-error";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type Ref, useEffect, useId, useState } from "react";
import { tenantsQueryOptions } from "@/lib/shared-queries";

export interface PickedTenant {
  id: string;
  name: string;
}

/**
 * Search and pick one tenant (of the staff member's buildings: the server's scope). A control of
 * its own (a form's `Controller`): `inputRef` takes the search field, which gets the focus when the
 * form says no tenant was picked.
 */
export function TenantPicker({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: PickedTenant | null;
  onChange: (tenant: PickedTenant | null) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const tenants = useInfiniteQuery({ ...tenantsQueryOptions(q, null), enabled: q.length > 0 });
  const items = (tenants.data?.pages.flatMap((p) => p.items) ?? []).slice(0, 8);
  const errorId = useId();
  if (value) {
    return (
      <div className="grid gap-1.5">
        <p className="text-sm font-medium">Mieter</p>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm">
          <span data-testid="picked-tenant">{value.name}</span>
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange(null)}>
            Anderen Mieter wählen
          </Button>
        </div>
      </div>
    );
  }
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="sr-only">Mieter</legend>
      <Field
        label="Mieter suchen"
        className="content-start"
        hint="Mindestens ein Zeichen; Mieter Ihrer Gebäude."
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        inputProps={{
          ref: inputRef,
          type: "search",
          value: text,
          onChange: (e) => setText(e.target.value),
          placeholder: "Name, E-Mail-Adresse oder Adresse",
        }}
      />
      {q && tenants.isSuccess ? (
        items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine Mieter gefunden.</p>
        ) : (
          <ul className="grid gap-1" aria-label="Gefundene Mieter">
            {items.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onChange({ id: t.id, name: t.name })}
                  className="flex w-full flex-wrap items-baseline justify-between gap-x-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="font-medium">{t.name}</span>
                  <span className="text-muted-foreground">
                    {[t.address, t.unit ? `Whg. ${t.unit}` : null].filter(Boolean).join(", ") || t.email}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
