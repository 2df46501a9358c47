import {
  TENANT_NOTIFY_EVENT_LABELS,
  TENANT_NOTIFY_EVENTS,
  type TenantNotifyEvent,
  type TenantNotifyPreferences,
} from "@mieter-portal/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { offlineNoDataMessage } from "@/components/query-error/query-error-alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { useChange } from "@/lib/changes";
import { formatDate } from "@/lib/format";
import { isOfflineResult } from "@/lib/offline/types";
import { enablePush, forgetThisDevice, type PushState, pushState, storedDeviceId } from "@/lib/push/device";
import {
  notifyPreferencesQueryKey,
  notifyPreferencesQueryOptions,
  pushDevicesQueryOptions,
  removePushDevice,
  updateNotifyPreferences,
} from "./api";
import { pushTexts as t } from "./texts";

/**
 * "Push auf diesem Gerät" (issue 29): this device's state and the button that asks for permission
 * (only after the tap), the per-event choice of e-mail and push, and the tenant's devices.
 */
export function PushSetting() {
  const id = useId();
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    let live = true;
    void pushState()
      .catch((): PushState => "off")
      .then((next) => {
        if (live) setState(next);
      });
    return () => {
      live = false;
    };
  }, []);

  // This device removed from the list: the state shows the browser's again (off).
  const recheck = () =>
    void pushState()
      .catch((): PushState => "off")
      .then(setState);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t.title}</CardTitle>
      </CardHeader>
      <div className="grid gap-6">
        <ThisDevice state={state} setState={setState} />
        <EventChoices />
        <MyDevices onThisDeviceRemoved={recheck} />
      </div>
    </Card>
  );
}

function ThisDevice({ state, setState }: { state: PushState | null; setState: (state: PushState) => void }) {
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  const enable = async () => {
    setBusy(true);
    try {
      const next = await enablePush();
      setState(next);
      if (next === "active") {
        toast({ title: t.enabledTitle, description: t.enabledDescription });
        await queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey });
      }
    } catch (error) {
      console.warn("[push] Einschalten fehlgeschlagen", error);
      toast({ variant: "destructive", title: t.enableErrorTitle, description: t.enableError });
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  const hint =
    state === "blocked"
      ? t.blockedHint
      : state === "needs-home-screen"
        ? t.homeScreenHint
        : state === "unsupported"
          ? t.unsupportedHint
          : t.intro;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{hint}</p>
      <p className="text-sm" role="status">
        <span className="font-medium">{t.stateLabel}: </span>
        <span data-testid="push-state">{t.state[state]}</span>
      </p>
      {state === "off" || state === "blocked" ? (
        <div>
          <Button onClick={() => void enable()} disabled={busy}>
            {busy ? t.enabling : t.enable}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function EventChoices() {
  const id = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery(notifyPreferencesQueryOptions());
  const update = useChange(updateNotifyPreferences, {
    meta: { errorTitle: t.saveErrorTitle, errorDescription: t.saveError, offlineNotice: false },
  });
  const events = preferences.data?.events;

  const onChange = (event: TenantNotifyEvent, channel: "email" | "push", next: boolean) => {
    const previous = queryClient.getQueryData<TenantNotifyPreferences>(notifyPreferencesQueryKey);
    if (previous) {
      queryClient.setQueryData<TenantNotifyPreferences>(notifyPreferencesQueryKey, {
        events: { ...previous.events, [event]: { ...previous.events[event], [channel]: next } },
      });
    }
    update.mutate(
      { events: { [event]: { [channel]: next } } },
      {
        onSuccess: (data) =>
          toast({ title: t.savedTitle, description: isOfflineResult(data) ? t.queuedDescription : t.savedDescription }),
        onError: () => {
          if (previous) queryClient.setQueryData(notifyPreferencesQueryKey, previous);
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-events`} className="grid gap-3">
      <h3 id={`${id}-events`} className="font-semibold">
        {t.eventsTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{t.eventsHint}</p>
      {events ? (
        <ul className="grid gap-3">
          {TENANT_NOTIFY_EVENTS.map((event) => (
            <li key={event} className="border-t border-border pt-3">
              <fieldset className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                <legend className="float-left min-w-0 text-sm">{TENANT_NOTIFY_EVENT_LABELS[event]}</legend>
                <span className="flex items-center gap-4">
                  {(["email", "push"] as const).map((channel) => (
                    <span key={channel} className="flex items-center gap-2">
                      <Switch
                        id={`${id}-${event}-${channel}`}
                        checked={events[event][channel]}
                        onCheckedChange={(next) => onChange(event, channel, next)}
                      />
                      <Label htmlFor={`${id}-${event}-${channel}`} className="text-sm font-normal">
                        {channel === "email" ? t.email : t.push}
                      </Label>
                    </span>
                  ))}
                </span>
              </fieldset>
            </li>
          ))}
        </ul>
      ) : null}
      {preferences.isError && !events ? (
        <LoadError message={offlineNoDataMessage(preferences.error) ?? t.loadError} retry={preferences.refetch} />
      ) : null}
    </section>
  );
}

function MyDevices({ onThisDeviceRemoved }: { onThisDeviceRemoved: () => void }) {
  const id = useId();
  const devices = useQuery(pushDevicesQueryOptions());
  const remove = useChange(removePushDevice, {
    meta: { errorTitle: t.removeErrorTitle, errorDescription: t.removeError, offlineNotice: false },
  });
  const thisDevice = storedDeviceId();

  const onRemove = (deviceId: string) => {
    remove.mutate(deviceId, {
      onSuccess: async (data) => {
        if (deviceId === thisDevice) {
          await forgetThisDevice();
          onThisDeviceRemoved();
        }
        toast({ title: t.removedTitle, description: isOfflineResult(data) ? t.queuedDescription : undefined });
      },
    });
  };

  return (
    <section aria-labelledby={`${id}-devices`} className="grid gap-3">
      <h3 id={`${id}-devices`} className="font-semibold">
        {t.devicesTitle}
      </h3>
      {devices.data && devices.data.devices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noDevices}</p>
      ) : null}
      {devices.data && devices.data.devices.length > 0 ? (
        <ul className="grid gap-3">
          {devices.data.devices.map((device) => (
            <li
              key={device.id}
              className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3"
            >
              <span className="grid min-w-0 text-sm">
                <span className="font-medium">
                  {device.label}
                  {device.id === thisDevice ? ` (${t.thisDevice})` : ""}
                </span>
                <span className="text-muted-foreground">{t.lastSeen(formatDate(device.last_seen_at))}</span>
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={t.removeLabel(
                  device.id === thisDevice ? `${device.label} (${t.thisDevice})` : device.label,
                )}
                disabled={remove.isPending}
                onClick={() => onRemove(device.id)}
              >
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {devices.isError && !devices.data ? (
        <LoadError message={offlineNoDataMessage(devices.error) ?? t.devicesLoadError} retry={devices.refetch} />
      ) : null}
    </section>
  );
}

function LoadError({ message, retry }: { message: string; retry: () => unknown }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="text-destructive-text">{message}</span>
      <Button size="sm" variant="outline" onClick={() => void retry()}>
        {t.retry}
      </Button>
    </div>
  );
}
