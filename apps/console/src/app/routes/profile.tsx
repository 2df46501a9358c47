import { STAFF_ROLE_LABELS } from "@mieter-portal/contracts/staff";
import { Switch } from "@mieter-portal/ui/switch";
import { toast } from "@mieter-portal/ui/use-toast";
import { DetailList, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { useUpdateProfile } from "@/features/profile/api";
import { PasswordForm } from "@/features/profile/components/password-form";
import { TotpSettings } from "@/features/profile/components/totp-settings";
import { PushCard } from "@/features/push/components/push-card";
import { useMe } from "@/lib/me";

export function Component() {
  useDocumentTitle("Profil");
  const me = useMe();
  const update = useUpdateProfile();
  const notify = update.isPending ? (update.variables?.notify_new_items ?? me.notify_new_items) : me.notify_new_items;
  return (
    <>
      <PageHeader title="Profil" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Konto" headingId="profile-account">
          <DetailList
            items={[
              { term: "Name", value: me.name },
              { term: "E-Mail", value: me.email },
              { term: "Rolle", value: STAFF_ROLE_LABELS[me.role] },
              {
                term: "Gebäude",
                value: me.role === "administrator" ? "Alle Gebäude" : me.buildings.map((b) => b.name).join(", ") || "–",
              },
            ]}
          />
        </Section>
        <Section title="Benachrichtigungen" headingId="profile-notify">
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <label htmlFor="notify-new-items" className="text-sm font-medium">
                E-Mail bei neuen Vorgängen
              </label>
              <p id="notify-new-items-hint" className="text-sm text-muted-foreground">
                Neue Reparaturen, Nachrichten, Terminanfragen und auffällige Zählerstände in Ihren Gebäuden.
              </p>
            </div>
            <Switch
              id="notify-new-items"
              aria-describedby="notify-new-items-hint"
              checked={notify}
              disabled={update.isPending}
              onCheckedChange={(checked) =>
                update.mutate(
                  { notify_new_items: checked },
                  {
                    onSuccess: () =>
                      toast({
                        title: checked ? "Benachrichtigungen aktiviert" : "Benachrichtigungen deaktiviert",
                        description: "Ihre Einstellung wurde gespeichert.",
                      }),
                  },
                )
              }
            />
          </div>
        </Section>
        <PushCard />
        <Section title="Passwort ändern" headingId="profile-password">
          <PasswordForm />
        </Section>
        <Section title="Zweiter Faktor (TOTP)" headingId="profile-totp">
          <TotpSettings me={me} />
        </Section>
      </div>
    </>
  );
}
