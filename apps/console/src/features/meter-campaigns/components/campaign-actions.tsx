import { campaignExportFileName, type StaffMeterCampaignDetail } from "@mieter-portal/contracts/staff";
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
import { BellRing, Download } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { downloadCampaignCsv, useRemindOpen } from "../api";

/** The campaign's CSV, named after building and period. */
export function ExportButton({ campaign }: { campaign: StaffMeterCampaignDetail }) {
  const [pending, setPending] = useState(false);
  async function onExport() {
    setPending(true);
    try {
      await downloadCampaignCsv(campaign.id, campaignExportFileName(campaign));
    } catch (error) {
      toast({ title: "Export fehlgeschlagen", description: errorMessage(error), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" onClick={onExport} disabled={pending}>
      <Download aria-hidden="true" />
      {pending ? "Wird exportiert…" : "CSV exportieren"}
    </Button>
  );
}

/** "Offene jetzt erinnern": asks first (it mails up to every open tenant), at most once a day (server). */
export function RemindOpenButton({ campaign, open }: { campaign: StaffMeterCampaignDetail; open: number }) {
  const remind = useRemindOpen(campaign.id);
  const [asking, setAsking] = useState(false);
  return (
    <AlertDialog open={asking} onOpenChange={setAsking}>
      <Button variant="outline" onClick={() => setAsking(true)} disabled={open === 0 || remind.isPending}>
        <BellRing aria-hidden="true" />
        Offene jetzt erinnern
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Offene jetzt erinnern?</AlertDialogTitle>
          <AlertDialogDescription>
            {open === 1 ? "1 Mieter hat" : `${open} Mieter haben`} noch keinen Zählerstand gemeldet. Wer E-Mails
            bekommt, erhält jetzt die Erinnerung. Das geht einmal am Tag.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Abbrechen</AlertDialogCancel>
          <AlertDialogAction
            disabled={remind.isPending}
            onClick={() =>
              remind.mutate(undefined, {
                onSuccess: (result) =>
                  toast({
                    title: result.mailed === 1 ? "1 Erinnerung gesendet" : `${result.mailed} Erinnerungen gesendet`,
                    description:
                      result.open > result.mailed
                        ? `${result.open - result.mailed} der Offenen bekommen keine E-Mails; sie sehen die Ablesung im Portal.`
                        : undefined,
                  }),
              })
            }
          >
            Erinnerung senden
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
