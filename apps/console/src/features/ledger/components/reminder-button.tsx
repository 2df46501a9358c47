import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@mieter-portal/ui/alert-dialog";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { Mail } from "lucide-react";
import { useState } from "react";
import { formatCalendarDate, formatDateTime, formatMoney } from "@/lib/format";
import { useSendReminder } from "../api";

/** Sends the tenant a factual payment reminder by e-mail, after asking. */
export function ReminderButton({
  tenancyId,
  tenantName,
  overdue,
  lastReminderAt,
}: {
  tenancyId: string;
  tenantName: string;
  overdue: number;
  lastReminderAt: string | null;
}) {
  const send = useSendReminder();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Erinnern: Zahlungserinnerung an ${tenantName}`}
      >
        <Mail aria-hidden="true" />
        Erinnern
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Zahlungserinnerung senden?</AlertDialogTitle>
          <AlertDialogDescription>
            {tenantName} erhält eine E-Mail mit den überfälligen Beträgen je Monat ({formatMoney(overdue)}
            insgesamt), dem Konto der Hausverwaltung, der Zahlungsreferenz und einer Frist von 14 Tagen.
            {lastReminderAt ? ` Letzte Erinnerung: ${formatDateTime(lastReminderAt)}.` : ""}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Abbrechen</AlertDialogCancel>
          <AlertDialogAction
            disabled={send.isPending}
            onClick={() =>
              send.mutate(tenancyId, {
                onSuccess: (r) =>
                  toast({
                    title: "Zahlungserinnerung gesendet",
                    description: `An ${r.sent_to}, zahlbar bis ${formatCalendarDate(r.pay_by)}`,
                  }),
              })
            }
          >
            Senden
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
