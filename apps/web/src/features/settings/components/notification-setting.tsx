import type { TenantPreferences } from "@mieter-portal/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { offlineNoDataMessage } from "@/components/query-error/query-error-alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { isOfflineResult } from "@/lib/offline/types";
import { getPreferencesQueryOptions, preferencesQueryKey, useUpdatePreferences } from "../api/preferences";
import { settingsTexts } from "../texts";

/**
 * E-mails about the management's answers, kept on the server (GET/PUT tenant/preferences), with
 * the spec's toasts. The switch moves at once; a refused change moves it back.
 */
export function NotificationSetting() {
  const id = useId();
  const t = settingsTexts;
  const queryClient = useQueryClient();
  const preferences = useQuery(getPreferencesQueryOptions());
  const update = useUpdatePreferences({
    errorTitle: t.notificationsErrorTitle,
    errorDescription: t.notificationsError,
  });
  const enabled = preferences.data?.email_notifications;

  const onChange = (next: boolean) => {
    const previous = queryClient.getQueryData<TenantPreferences>(preferencesQueryKey);
    queryClient.setQueryData<TenantPreferences>(preferencesQueryKey, { email_notifications: next });
    update.mutate(
      { email_notifications: next },
      {
        onSuccess: (data) => {
          toast({
            title: next ? t.notificationsOnTitle : t.notificationsOffTitle,
            description: isOfflineResult(data) ? t.notificationsQueued : t.notificationsSaved,
          });
        },
        onError: () => {
          if (previous) queryClient.setQueryData(preferencesQueryKey, previous);
        },
      },
    );
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t.notificationsTitle}</CardTitle>
      </CardHeader>
      <div className="flex items-center justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={id}>{t.notificationsLabel}</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {t.notificationsHint}
          </p>
        </div>
        <Switch
          id={id}
          checked={enabled ?? false}
          disabled={enabled === undefined || update.isPending}
          onCheckedChange={onChange}
          aria-describedby={`${id}-hint`}
        />
      </div>
      {preferences.isError && enabled === undefined ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-destructive-text">
            {offlineNoDataMessage(preferences.error) ?? t.notificationsLoadError}
          </span>
          <Button size="sm" variant="outline" onClick={() => void preferences.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
