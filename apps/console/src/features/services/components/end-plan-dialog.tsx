import { zodResolver } from "@hookform/resolvers/zod";
import { type ServicePlan, servicePlanEndRequest } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate } from "@/lib/format";
import { useEndServicePlan } from "../api/mutations";

type EndValues = z.input<typeof servicePlanEndRequest>;
type EndData = z.output<typeof servicePlanEndRequest>;

/** "Plan beenden": the last day (today at the earliest); later Einsätze are withdrawn. */
export function EndPlanDialog({ plan }: { plan: ServicePlan }) {
  const [open, setOpen] = useState(false);
  const end = useEndServicePlan();
  const today = berlinDate(new Date());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EndValues, unknown, EndData>({
    resolver: zodResolver(servicePlanEndRequest),
    defaultValues: { last_day: plan.valid_from > today ? plan.valid_from : today },
  });

  async function onSubmit(values: EndData) {
    try {
      await end.mutateAsync({ id: plan.id, last_day: values.last_day });
      toast({
        title: "Plan beendet",
        description: `Letzter Tag: ${formatCalendarDate(values.last_day)}. Spätere Einsätze sind gestrichen.`,
      });
      setOpen(false);
    } catch (error) {
      showApiErrors(error, setError, ["last_day"], { quietWhenField: true });
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Beenden
      </Button>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{plan.service_kind.name}: Plan beenden</DialogTitle>
          <DialogDescription>
            Einsätze nach dem letzten Tag werden gestrichen; was bis dahin erledigt wurde, bleibt.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormError message={errors.root?.message} />
          <Field
            label="Letzter Tag"
            hint="frühestens heute"
            error={errors.last_day?.message}
            inputProps={{ type: "date", min: today, ...register("last_day") }}
          />
          <Button type="submit" className="w-fit" disabled={end.isPending}>
            {end.isPending ? "Wird beendet…" : "Plan beenden"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
