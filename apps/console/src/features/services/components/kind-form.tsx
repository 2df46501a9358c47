import { zodResolver } from "@hookform/resolvers/zod";
import { BETRKV_CATEGORY_LABELS, betrkvCategory, serviceKindRequest } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { useAddServiceKind } from "../api/mutations";

const shape = serviceKindRequest.shape;

/** The catalogue's new service: its name, its Betriebskosten category and the checklist plans start with. */
const kindFormSchema = z.object({
  name: shape.name,
  category: z.string().min(1, "Bitte wählen Sie die Betriebskostenart.").pipe(betrkvCategory),
  checklist: z
    .string()
    .transform((text) =>
      text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((items) => items.every((item) => item.length <= 120), "Ein Punkt darf höchstens 120 Zeichen lang sein.")
    .refine((items) => items.length <= 30, "Höchstens 30 Punkte in der Checkliste."),
});
type KindFormValues = z.input<typeof kindFormSchema>;
type KindFormData = z.output<typeof kindFormSchema>;

export function KindForm({ onDone }: { onDone?: () => void }) {
  const add = useAddServiceKind();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<KindFormValues, unknown, KindFormData>({
    resolver: zodResolver(kindFormSchema),
    defaultValues: { name: "", category: "", checklist: "" },
  });
  const field = { name: register("name"), category: register("category"), checklist: register("checklist") };

  async function onSubmit(values: KindFormData) {
    try {
      const created = await add.mutateAsync(values);
      toast({ title: "Leistung angelegt", description: created.name });
      reset();
      onDone?.();
    } catch (error) {
      showApiErrors(error, setError, ["name", "category", "checklist"], { quietWhenField: true });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Field label="Name der Leistung" error={errors.name?.message} inputProps={field.name} />
      <Field label="Betriebskostenart" error={errors.category?.message}>
        {(controlProps) => (
          <NativeSelect {...controlProps} {...field.category}>
            <option value="">Bitte wählen</option>
            {betrkvCategory.options.map((c) => (
              <option key={c} value={c}>
                {BETRKV_CATEGORY_LABELS[c]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Checkliste (optional)" hint="Ein Punkt je Zeile." error={errors.checklist?.message}>
        {(controlProps) => <Textarea rows={3} {...controlProps} {...field.checklist} />}
      </Field>
      <Button type="submit" className="w-fit" disabled={add.isPending}>
        {add.isPending ? "Wird gespeichert…" : "Leistung anlegen"}
      </Button>
    </form>
  );
}
