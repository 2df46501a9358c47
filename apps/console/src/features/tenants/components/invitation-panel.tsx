import type { StaffTenantDetail } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { FileDown, Send } from "lucide-react";
import { DetailList, Section } from "@/components/page";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useInvitationLetter, useSendInvitation } from "../api";
import { INVITATION_STATUS, saveBlob } from "../onboarding-labels";

/** Whether the tenant can sign in yet, and the invitation by mail or letter (issue 14 §1). */
export function InvitationPanel({ detail }: { detail: StaffTenantDetail }) {
  const send = useSendInvitation();
  const letter = useInvitationLetter();
  const { tenant, invitation } = detail;
  const status = INVITATION_STATUS[invitation.status];
  const active = invitation.status === "active";

  async function onSend() {
    try {
      const state = await send.mutateAsync(tenant.id);
      toast({
        title: "Einladung gesendet",
        description: `${tenant.email} erhält einen Link, gültig bis ${formatDateTime(state.expires_at)} Uhr.`,
      });
    } catch (error) {
      toast({ variant: "destructive", title: "Einladung nicht gesendet", description: errorMessage(error) });
    }
  }

  async function onLetter() {
    try {
      const pdf = await letter.mutateAsync(tenant.id);
      saveBlob(pdf, `Einladung ${tenant.name}.pdf`);
      toast({
        title: "Einladungsbrief erstellt",
        description:
          "Link und Registrierungscode im Brief gelten 30 Tage (Einstellung des Servers); ältere Einladungen gelten nicht mehr.",
      });
    } catch (error) {
      toast({ variant: "destructive", title: "Brief nicht erstellt", description: errorMessage(error) });
    }
  }

  return (
    <Section
      title="Zugang zum Portal"
      headingId="tenant-access"
      actions={<Badge tone={status.tone}>{status.label}</Badge>}
    >
      <div className="grid gap-4">
        {active ? (
          <p className="text-sm">Der Mieter hat sein Passwort festgelegt und kann sich anmelden.</p>
        ) : (
          <DetailList
            items={[
              {
                term: "Letzte Einladung",
                value: invitation.sent_at
                  ? `${formatDateTime(invitation.sent_at)} (${invitation.channel === "letter" ? "Brief" : "E-Mail"})`
                  : "Noch keine",
              },
              {
                term: "Gültig bis",
                value: invitation.expires_at ? formatDateTime(invitation.expires_at) : "–",
              },
            ]}
          />
        )}
        {active ? null : (
          <div className="flex flex-wrap gap-2">
            {tenant.email ? (
              <Button onClick={onSend} disabled={send.isPending}>
                <Send aria-hidden="true" />
                {send.isPending
                  ? "Wird gesendet…"
                  : invitation.status === "not_invited"
                    ? "Einladung senden"
                    : "Einladung erneut senden"}
              </Button>
            ) : null}
            <Button variant="outline" onClick={onLetter} disabled={letter.isPending}>
              <FileDown aria-hidden="true" />
              {letter.isPending ? "Wird erstellt…" : "Einladungsbrief (PDF)"}
            </Button>
          </div>
        )}
        {!active && !tenant.email ? (
          <p className="text-sm text-muted-foreground">
            Keine E-Mail-Adresse hinterlegt: Drucken Sie den Brief (für das Fensterkuvert DIN lang). Der Mieter scannt
            den QR-Code oder tippt den Registrierungscode ein und gibt dabei seine E-Mail-Adresse an.
          </p>
        ) : null}
      </div>
    </Section>
  );
}
