import { zodResolver } from "@hookform/resolvers/zod";
import {
  type BuildingSite,
  buildingSiteRequest,
  DEFAULT_SITE_TOLERANCE_M,
  savedBuildingSite,
} from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { LoadError, Loading } from "@/components/page";
import { apiGet } from "@/lib/api-client";
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

/**
 * The house's saved position and radius, or null while none is saved (GET /staff/buildings/:id/site).
 * Under ["staff", "services"], so a save (which invalidates those) reads it again.
 */
const buildingSiteQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: ["staff", "services", "site", buildingId],
    queryFn: ({ signal }) => apiGet(`/staff/buildings/${buildingId}/site`, savedBuildingSite, { signal }),
  });

/** Degrees as a German decimal the form reads back ("52,5163"): all digits kept, no thousands dots. */
const degrees = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 7, useGrouping: false });

/** What the fields start with: the saved site, else empty coordinates and the default radius. */
function valuesOf(site: BuildingSite | null): SiteFormValues {
  return site
    ? {
        latitude: degrees.format(site.latitude),
        longitude: degrees.format(site.longitude),
        tolerance_m: String(site.tolerance_m),
      }
    : { latitude: "", longitude: "", tolerance_m: String(DEFAULT_SITE_TOLERANCE_M) };
}

/** Where the house is: the saved values in the fields (or "Noch kein Standort gespeichert"), and a save. */
export function SiteForm({ buildingId }: { buildingId: string }) {
  const saved = useQuery(buildingSiteQueryOptions(buildingId));
  if (saved.isPending) return <Loading />;
  if (saved.isError) return <LoadError error={saved.error} onRetry={() => saved.refetch()} />;
  // A new saved site (after a save, or one a colleague made) starts the fields afresh.
  const site = saved.data;
  return (
    <SiteFields
      key={site ? `${site.latitude}/${site.longitude}/${site.tolerance_m}` : "none"}
      buildingId={buildingId}
      site={site}
    />
  );
}

function SiteFields({ buildingId, site }: { buildingId: string; site: BuildingSite | null }) {
  const save = useSetBuildingSite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SiteFormValues, unknown, SiteFormData>({
    resolver: zodResolver(siteFormSchema),
    defaultValues: valuesOf(site),
  });

  async function onSubmit(values: SiteFormData) {
    try {
      const stored = await save.mutateAsync({ buildingId, ...values });
      toast({
        title: "Lage des Hauses gespeichert",
        description: `Umkreis ${stored.tolerance_m.toLocaleString("de-DE")} m. Neue Einsätze werden damit geprüft.`,
      });
    } catch (error) {
      showApiErrors(error, setError, ["latitude", "longitude", "tolerance_m"], { quietWhenField: true });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{SERVICES_TEXTS.siteHint}</p>
      <p className="text-sm font-medium">
        {site
          ? `Gespeichert: Breite ${degrees.format(site.latitude)}, Länge ${degrees.format(site.longitude)}, Umkreis ${site.tolerance_m.toLocaleString("de-DE")} m. Ein Speichern ersetzt die Angaben.`
          : "Noch kein Standort gespeichert. Bis dahin wird die Position bei Beginn eines Einsatzes nicht geprüft."}
      </p>
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
