import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { paths } from "@/config/paths";

export const UNKNOWN_BUILDING = "Dieses Haus gibt es nicht oder es gehört nicht zu Ihren Häusern.";

const buildingChoiceSchema = z.object({ building_id: z.string().min(1, { error: "Bitte wählen Sie das Haus." }) });
type BuildingChoiceValues = z.infer<typeof buildingChoiceSchema>;

/**
 * The building whose common areas the repair is for; a tenant's repair starts on the tenant's page.
 * `unknown`: the address named a building that is not one of the staff member's (said at once).
 */
export function BuildingChoice({
  buildings,
  unknown,
  onChoose,
}: {
  buildings: { id: string; name: string; address: string }[];
  unknown: boolean;
  onChoose: (id: string) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<BuildingChoiceValues>({
    resolver: zodResolver(buildingChoiceSchema),
    defaultValues: { building_id: buildings.length === 1 ? (buildings[0]?.id ?? "") : "" },
  });
  useEffect(() => {
    if (unknown) setError("building_id", { type: "unknown", message: UNKNOWN_BUILDING });
  }, [unknown, setError]);

  if (buildings.length === 0) {
    return (
      <p className="text-sm">Ihnen ist noch kein Haus zugeordnet. Bitte wenden Sie sich an einen Administrator.</p>
    );
  }
  return (
    <form className="grid max-w-md gap-4" onSubmit={handleSubmit((v) => onChoose(v.building_id))} noValidate>
      <Field label="Haus" className="content-start" error={errors.building_id?.message}>
        {(control) => (
          <NativeSelect {...control} {...register("building_id", { onChange: () => clearErrors("building_id") })}>
            <option value="">Bitte wählen</option>
            {buildings.map((b) => (
              <option key={b.id} value={b.id}>
                {b.address}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" className="w-fit">
        Weiter
      </Button>
      <p className="text-sm text-muted-foreground">
        Eine Reparatur für einen Mieter legen Sie auf seiner Seite an (
        <Link to={paths.tenants} className="text-link underline">
          Mieter
        </Link>
        ) oder aus seiner Nachricht.
      </p>
    </form>
  );
}
