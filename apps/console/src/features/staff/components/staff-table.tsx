import { STAFF_ROLE_LABELS, type StaffMember } from "@mieter-portal/contracts/staff";
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
import { Badge, type BadgeTone } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { useState } from "react";
import { formatDate } from "@/lib/format";
import { useMe } from "@/lib/me";
import { useResendInvitation, useResetSecondFactor } from "../api";
import { StaffFormDialog } from "./staff-form-dialog";

const STATUS: Record<StaffMember["status"], { label: string; tone: BadgeTone }> = {
  invited: { label: "Eingeladen", tone: "warning" },
  active: { label: "Aktiv", tone: "success" },
  inactive: { label: "Deaktiviert", tone: "neutral" },
};

/** The staff with role, buildings and status; invite again, reset a second factor, edit. */
export function StaffTable({ members }: { members: StaffMember[] }) {
  const me = useMe();
  const resend = useResendInvitation();
  const resetFactor = useResetSecondFactor();
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">Mitarbeiter der Verwaltung</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="p-3 font-medium">
              Name
            </th>
            <th scope="col" className="p-3 font-medium">
              Rolle
            </th>
            <th scope="col" className="p-3 font-medium">
              Gebäude
            </th>
            <th scope="col" className="p-3 font-medium">
              Status
            </th>
            <th scope="col" className="p-3 font-medium">
              <span className="sr-only">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id} className="border-b border-border last:border-b-0">
              <td className="p-3">
                <div className="font-medium">{m.name}</div>
                {/* An address breaks anywhere: unbroken, it widened the table past its box at 820 px (issue 25). */}
                <div className="text-muted-foreground [overflow-wrap:anywhere]">{m.email}</div>
              </td>
              <td className="p-3">
                {STAFF_ROLE_LABELS[m.role]}
                {m.totp_enabled ? <div className="text-xs text-muted-foreground">mit zweitem Faktor</div> : null}
              </td>
              <td className="p-3">
                {m.role === "administrator" ? "Alle" : m.buildings.map((b) => b.name).join(", ") || "–"}
              </td>
              <td className="p-3">
                <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
                <div className="text-xs text-muted-foreground">seit {formatDate(m.created_at)}</div>
              </td>
              <td className="p-3">
                <div className="flex flex-wrap justify-end gap-2">
                  {m.status === "invited" ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={resend.isPending}
                      onClick={() =>
                        resend.mutate(m.id, { onSuccess: () => toast({ title: "Einladung erneut gesendet" }) })
                      }
                    >
                      Einladung erneut senden
                    </Button>
                  ) : null}
                  {/* One's own second factor is not reset here (the server refuses it too). */}
                  {m.totp_enabled && m.id !== me.id ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setResetting(m)}
                      aria-label={`Zweiten Faktor von ${m.name} zurücksetzen`}
                    >
                      Zweiten Faktor zurücksetzen
                    </Button>
                  ) : null}
                  <StaffFormDialog
                    member={m}
                    trigger={(open) => (
                      <Button size="sm" variant="outline" onClick={open} aria-label={`${m.name} bearbeiten`}>
                        Bearbeiten
                      </Button>
                    )}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AlertDialog open={resetting !== null} onOpenChange={(open) => !open && setResetting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Zweiten Faktor von {resetting?.name} zurücksetzen?</AlertDialogTitle>
            <AlertDialogDescription>
              Nur wenn das Gerät mit der Authenticator-App verloren ist: {resetting?.name} wird abgemeldet und{" "}
              {resetting?.role === "administrator"
                ? "richtet den zweiten Faktor bei der nächsten Anmeldung neu ein."
                : "kann den zweiten Faktor danach im Profil neu einrichten."}{" "}
              Die Änderung steht im Protokoll.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Abbrechen</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                resetting &&
                resetFactor.mutate(resetting.id, {
                  onSuccess: () => toast({ title: `Zweiter Faktor von ${resetting.name} zurückgesetzt` }),
                })
              }
            >
              Zurücksetzen
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
