import { useId } from "react";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { useNotificationPreference } from "../notification-preference";
import { settingsTexts } from "../texts";

/** Local switch (default on) with the spec's toasts. */
export function NotificationSetting() {
  const id = useId();
  const [enabled, setEnabled] = useNotificationPreference();
  const t = settingsTexts;

  const onChange = async (next: boolean) => {
    try {
      await setEnabled(next);
    } catch {
      // logged by storage; the choice still applies for this visit
    }
    toast({ title: next ? t.notificationsOnTitle : t.notificationsOffTitle, description: t.notificationsSaved });
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t.notificationsTitle}</CardTitle>
      </CardHeader>
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={id}>{t.notificationsLabel}</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {t.notificationsHint}
          </p>
        </div>
        <Switch
          id={id}
          checked={enabled ?? true}
          disabled={enabled === null}
          onCheckedChange={(next) => void onChange(next)}
          aria-describedby={`${id}-hint`}
        />
      </div>
    </Card>
  );
}
