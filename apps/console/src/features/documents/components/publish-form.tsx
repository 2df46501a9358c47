import { zodResolver } from "@hookform/resolvers/zod";
import { DOCUMENT_EXTENSIONS, LIMITS } from "@mieter-portal/contracts";
import { documentPublishFields, PUBLISH_MESSAGES, publishedDocumentType } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { FieldError } from "@mieter-portal/ui/field-error";
import { Input } from "@mieter-portal/ui/form-field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { DOCUMENT_TYPE_LABELS } from "@/lib/labels";
import { useMe } from "@/lib/me";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { type PublishInput, usePublishDocument } from "../api";
import { type PickedTenant, TenantPicker } from "./tenant-picker";

const TYPES = publishedDocumentType.options;
const MAX_MB = LIMITS.documentMaxBytes / 1024 / 1024;

/** Checks the browser can make before sending; the server checks the bytes (type, size) itself. */
export function fileProblem(file: File | null): string | null {
  if (!file) return "Bitte wählen Sie eine Datei.";
  if (file.size === 0) return "Die Datei ist leer.";
  if (file.size > LIMITS.documentMaxBytes) return `Die Datei ist größer als ${MAX_MB} MB.`;
  return null;
}

/** The form's field of each request field (the picked tenant is one control). */
const FIELD_OF: Record<string, string> = {
  title: "title",
  type: "type",
  audience: "audience",
  building_id: "building_id",
  tenant_id: "tenant",
};

/**
 * The form's values as the multipart publication: the text fields checked with the contracts'
 * schema, the file by `fileProblem`; every missing piece is said at once (the contracts' cross-field
 * checks run only once its fields parse, so a missing tenant or building is added here).
 */
export const publishSchema = z
  .object({
    audience: z.string(),
    building_id: z.string(),
    tenant: z.custom<PickedTenant | null>(),
    type: z.string(),
    title: z.string(),
    file: z.custom<File | null>(),
  })
  .transform((v, ctx): PublishInput => {
    const fields = {
      title: v.title,
      type: v.type,
      audience: v.audience,
      tenant_id: v.audience === "tenant" ? v.tenant?.id : undefined,
      building_id: v.audience === "building" ? v.building_id || undefined : undefined,
    };
    const checked = documentPublishFields.safeParse(fields);
    const issues: { path: string; message: string }[] = (checked.error?.issues ?? []).map((issue) => ({
      path: FIELD_OF[String(issue.path[0])] ?? "audience",
      message: issue.message,
    }));
    if (v.audience === "tenant" && !v.tenant) issues.push({ path: "tenant", message: PUBLISH_MESSAGES.tenant });
    if (v.audience === "building" && !v.building_id)
      issues.push({ path: "building_id", message: PUBLISH_MESSAGES.building });
    const problem = fileProblem(v.file);
    if (problem) issues.push({ path: "file", message: problem });
    for (const { path, message } of issues) ctx.addIssue({ code: "custom", path: [path], message });
    if (!checked.success || issues.length > 0 || !v.file) return z.NEVER;
    return {
      title: checked.data.title,
      type: checked.data.type,
      audience: checked.data.audience,
      tenantId: checked.data.tenant_id,
      buildingId: checked.data.building_id,
      file: v.file,
    };
  });
type PublishValues = z.input<typeof publishSchema>;

/** Publish one file to one tenant, a building or (Administrators) all tenants. */
export function PublishDocumentForm() {
  const me = useMe();
  const buildings = useQuery(buildingsQueryOptions());
  const publish = usePublishDocument();
  const [done, setDone] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    resetField,
    watch,
    formState: { errors },
  } = useForm<PublishValues, unknown, PublishInput>({
    resolver: zodResolver(publishSchema),
    defaultValues: { audience: "building", building_id: "", tenant: null, type: "house_rules", title: "", file: null },
  });
  const audience = watch("audience");
  // A Verwalter with one building has it chosen already.
  const onlyBuilding = buildings.data?.length === 1 ? buildings.data[0]?.id : undefined;
  useEffect(() => {
    if (onlyBuilding && !getValues("building_id")) setValue("building_id", onlyBuilding);
  }, [onlyBuilding, getValues, setValue]);
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    audience: register("audience"),
    building_id: register("building_id"),
    type: register("type"),
    title: register("title"),
  };

  async function onSubmit(input: PublishInput) {
    try {
      const published = await publish.mutateAsync(input);
      const count = published.recipient_count;
      setDone(
        `„${published.title}“ wurde veröffentlicht: ${count === 1 ? "1 Mieter erhält" : `${count} Mieter erhalten`} es unter ${DOCUMENT_TYPE_LABELS[published.type]}; wer E-Mails erhalten möchte, wird mit der nächsten täglichen E-Mail um 8 Uhr benachrichtigt.`,
      );
      resetField("title");
      resetField("file");
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      const rest = showApiErrors(error, setError, ["title", "type", "audience", "building_id", "file"]);
      if (rest.tenant_id) setError("tenant", { type: "server", message: rest.tenant_id });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setDone(null);
        return handleSubmit(onSubmit)(event);
      }}
      className="grid gap-4"
      aria-label="Dokument veröffentlichen"
    >
      {done ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg bg-success-soft p-3 text-sm text-success-soft-foreground"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{done}</p>
        </div>
      ) : null}
      <FormError message={errors.root?.message} />
      <fieldset className="grid gap-2" aria-describedby={errors.audience ? "audience-error" : undefined}>
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
              <input type="radio" value={value} className="size-4 accent-primary" {...field.audience} />
              {label}
            </label>
          ))}
        </div>
        <FieldError id="audience-error" message={errors.audience?.message} />
      </fieldset>
      {audience === "building" ? (
        <Field label="Gebäude" className="content-start" error={errors.building_id?.message}>
          {(control) => (
            <NativeSelect {...control} {...field.building_id}>
              <option value="">Bitte wählen</option>
              {(buildings.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : audience === "tenant" ? (
        <Controller
          control={control}
          name="tenant"
          render={({ field: tenant, fieldState }) => (
            <TenantPicker
              value={tenant.value}
              onChange={tenant.onChange}
              inputRef={tenant.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          Alle Mieter mit laufendem Mietverhältnis, und wer in den letzten drei Monaten ausgezogen ist.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Art" className="content-start" error={errors.type?.message}>
          {(control) => (
            <NativeSelect {...control} {...field.type}>
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {DOCUMENT_TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Titel" className="content-start" error={errors.title?.message} inputProps={field.title} />
      </div>
      <Controller
        control={control}
        name="file"
        render={({ field: file, fieldState }) => (
          <Field
            label="Datei"
            hint={`PDF, DOC, DOCX, JPG oder PNG, höchstens ${MAX_MB} MB.`}
            error={fieldState.error?.message}
          >
            {(control) => (
              <Input
                {...control}
                ref={(element) => {
                  file.ref(element);
                  fileInput.current = element;
                }}
                name={file.name}
                type="file"
                accept={DOCUMENT_EXTENSIONS.join(",")}
                onBlur={file.onBlur}
                onChange={(e) => file.onChange(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
        )}
      />
      <Button type="submit" className="w-fit" disabled={publish.isPending}>
        {publish.isPending ? "Wird veröffentlicht…" : "Veröffentlichen"}
      </Button>
    </form>
  );
}
