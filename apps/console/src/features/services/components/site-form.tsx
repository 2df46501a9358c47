import { zodResolver } from "@hookform/resolvers/zod";
import { buildingSiteRequest, DEFAULT_SITE_TOLERANCE_M } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { useSetBuildingSite } from "../api/mutations";
import { SERVICES_TEXTS } from "../texts";

const shape = buildingSiteRequest.shape;

/** A German decimal ("52,5163" or "52.5163") as a number; empty or not a number stays a text (and is refused). */
function decimal(text: string): unknown {
  const t = text.trim().replace(",", ".");
  return t !== "" && /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : text;
}

/** Where the house is and the radius that counts as "am Objekt" (PUT /staff/buildings/:id/site). */
const siteFormSchema = z.object({
  latitude: z.string().transform(decimal).pipe(shape.latitude),
  longitude: z.string().transform(decimal).pipe(shape.longitude),
  tolerance_m: z
    .string()
    .transform((text) => (text.trim() === "" ? undefined : decimal(text)))
    .pipe(shape.tolerance_m),
});
type SiteFormValues = z.input<typeof siteFormSchema>;
type SiteFormData = z.output<typeof siteFormSchema>;

export function SiteForm({ buildingId }: { buildingId: string }) {
  const save = useSetBuildingSite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SiteFormValues, unknown, SiteFormData>({
    resolver: zodResolver(siteFormSchema),
    defaultValues: { latitude: "", longitude: "", tolerance_m: String(DEFAULT_SITE_TOLERANCE_M) },
  });

  async function onSubmit(values: SiteFormData) {
    try {
      const site = await save.mutateAsync({ buildingId, ...values });
      toast({
        title: "Lage des Hauses gespeichert",
        description: `Umkreis ${site.tolerance_m} m. Neue Einsätze werden damit geprüft.`,
      });
    } catch (error) {
      showApiErrors(error, setError, ["latitude", "longitude", "tolerance_m"], { quietWhenField: true });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{SERVICES_TEXTS.siteHint}</p>
      <p className="text-sm text-muted-foreground">{SERVICES_TEXTS.siteUnknown}</p>
      <FormError message={errors.root?.message} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label="Breitengrad"
          hint="z. B. 52,5163"
          error={errors.latitude?.message}
          inputProps={{ inputMode: "decimal", ...register("latitude") }}
        />
        <Field
          label="Längengrad"
          hint="z. B. 13,3777"
          error={errors.longitude?.message}
          inputProps={{ inputMode: "decimal", ...register("longitude") }}
        />
        <Field
          label="Toleranz in m"
          hint="10 bis 2.000 m"
          error={errors.tolerance_m?.message}
          inputProps={{ inputMode: "numeric", ...register("tolerance_m") }}
        />
      </div>
      <Button type="submit" variant="outline" className="w-fit" disabled={save.isPending}>
        {save.isPending ? "Wird gespeichert…" : "Lage speichern"}
      </Button>
    </form>
  );
}
