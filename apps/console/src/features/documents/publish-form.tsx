import { DOCUMENT_EXTENSIONS, LIMITS } from "@mieter-portal/contracts";
import {
  type DocumentAudience,
  documentPublishFields,
  PUBLISH_MESSAGES,
  type PublishedDocumentType,
  publishedDocumentType,
} from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { FieldError } from "@mieter-portal/ui/field-error";
import { Input, Label } from "@mieter-portal/ui/form-field";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { FormError, SelectField, TextField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { DOCUMENT_TYPE_LABELS } from "@/lib/labels";
import { useMe } from "@/lib/me";
import { buildingsQueryOptions, tenantsQueryOptions } from "@/lib/shared-queries";
import { usePublishDocument } from "./api";

const TYPES = publishedDocumentType.options;
const MAX_MB = LIMITS.documentMaxBytes / 1024 / 1024;

/** Checks the browser can make before sending; the server checks the bytes (type, size) itself. */
export function fileProblem(file: File | null): string | null {
  if (!file) return "Bitte wählen Sie eine Datei.";
  if (file.size === 0) return "Die Datei ist leer.";
  if (file.size > LIMITS.documentMaxBytes) return `Die Datei ist größer als ${MAX_MB} MB.`;
  return null;
}

/** Search and pick one tenant (of the staff member's buildings: the server's scope). */
function TenantPicker({
  value,
  onChange,
  error,
}: {
  value: { id: string; name: string } | null;
  onChange: (tenant: { id: string; name: string } | null) => void;
  error?: string;
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
      <TextField
        label="Mieter suchen"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Name, E-Mail-Adresse oder Adresse"
        hint="Mindestens ein Zeichen; Mieter Ihrer Gebäude."
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

/** Publish one file to one tenant, a building or (Administrators) all tenants. */
export function PublishDocumentForm() {
  const me = useMe();
  const buildings = useQuery(buildingsQueryOptions());
  const publish = usePublishDocument();
  const [audience, setAudience] = useState<DocumentAudience>("building");
  const [buildingId, setBuildingId] = useState("");
  const [tenant, setTenant] = useState<{ id: string; name: string } | null>(null);
  const [type, setType] = useState<PublishedDocumentType>("house_rules");
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const onlyBuilding = buildings.data?.length === 1 ? buildings.data[0]?.id : undefined;
  const building = buildingId || onlyBuilding || "";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const checked = validate(documentPublishFields, {
      title,
      type,
      audience,
      tenant_id: audience === "tenant" ? tenant?.id : undefined,
      building_id: audience === "building" ? building || undefined : undefined,
    });
    const problem = fileProblem(file);
    if (checked.errors || problem) {
      // Every missing piece at once (the schema's cross-field checks run only once the fields parse).
      const missing: FieldErrors = {};
      if (audience === "tenant" && !tenant) missing.tenant_id = PUBLISH_MESSAGES.tenant;
      if (audience === "building" && !building) missing.building_id = PUBLISH_MESSAGES.building;
      if (problem) missing.file = problem;
      return setErrors({ ...missing, ...(checked.errors ?? {}) });
    }
    setErrors({});
    try {
      const published = await publish.mutateAsync({
        title: checked.data.title,
        type: checked.data.type,
        audience,
        tenantId: checked.data.tenant_id,
        buildingId: checked.data.building_id,
        file: file as File,
      });
      const count = published.recipient_count;
      setDone(
        `„${published.title}“ wurde veröffentlicht: ${count === 1 ? "1 Mieter erhält" : `${count} Mieter erhalten`} es unter ${DOCUMENT_TYPE_LABELS[published.type]}; wer E-Mails erhalten möchte, wird mit der nächsten täglichen E-Mail um 8 Uhr benachrichtigt.`,
      );
      setTitle("");
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Dokument veröffentlichen">
      {done ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg bg-success-soft p-3 text-sm text-success-soft-foreground"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{done}</p>
        </div>
      ) : null}
      <FormError message={errors._form} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Empfänger</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(
            [
              ["building", "Ein Gebäude"],
              ["tenant", "Ein Mieter"],
              ...(me.role === "administrator" ? [["all", "Alle Mieter"] as const] : []),
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="audience"
                className="size-4 accent-primary"
                checked={audience === value}
                onChange={() => setAudience(value)}
              />
              {label}
            </label>
          ))}
        </div>
        <FieldError id="audience-error" message={errors.audience} />
      </fieldset>
      {audience === "building" ? (
        <SelectField
          label="Gebäude"
          value={building}
          onChange={(e) => setBuildingId(e.target.value)}
          error={errors.building_id}
        >
          <option value="">Bitte wählen</option>
          {(buildings.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
      ) : audience === "tenant" ? (
        <TenantPicker value={tenant} onChange={setTenant} error={errors.tenant_id} />
      ) : (
        <p className="text-sm text-muted-foreground">
          Alle Mieter mit laufendem Mietverhältnis, und wer in den letzten drei Monaten ausgezogen ist.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Art"
          value={type}
          onChange={(e) => setType(e.target.value as PublishedDocumentType)}
          error={errors.type}
        >
          {TYPES.map((t) => (
            <option key={t} value={t}>
              {DOCUMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <TextField label="Titel" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fileId}>Datei</Label>
        <Input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={DOCUMENT_EXTENSIONS.join(",")}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ""}`}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <p id={`${fileId}-hint`} className="text-sm text-muted-foreground">
          PDF, DOC, DOCX, JPG oder PNG, höchstens {MAX_MB} MB.
        </p>
        <FieldError id={`${fileId}-error`} message={errors.file} />
      </div>
      <Button type="submit" className="w-fit" disabled={publish.isPending}>
        {publish.isPending ? "Wird veröffentlicht…" : "Veröffentlichen"}
      </Button>
    </form>
  );
}
