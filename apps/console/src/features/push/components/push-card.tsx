import { STAFF_PUSH_EVENT_LABELS, STAFF_PUSH_EVENTS, type StaffPushEvent } from "@mieter-portal/contracts";
import { Button } from "@mieter-portal/ui/button";
import { Switch } from "@mieter-portal/ui/switch";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Section } from "@/components/page";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useMe } from "@/lib/me";
import {
  deleteDevice,
  pushDevicesQueryOptions,
  pushPreferencesQueryOptions,
  useRefreshPushDevices,
  useRemovePushDevice,
  useUpdatePushPreferences,
} from "../api";
import { enablePush, forgetThisDevice, type PushState, pushState, storedDeviceId } from "../device";

const STATE_TEXT: Record<PushState, string> = {
  active: "Aktiv auf diesem Gerät",
  off: "Nicht eingeschaltet",
  blocked: "Blockiert in den Browsereinstellungen",
  "needs-home-screen": "Nur in der App vom Home-Bildschirm",
  unsupported: "Auf diesem Gerät nicht unterstützt",
};

const HINT: Record<PushState, string> = {
  active:
    "Mitteilungen erscheinen auf diesem Gerät, auch wenn die Verwaltung geschlossen ist. Auf dem Sperrbildschirm stehen nur die Art des Vorgangs und das Haus.",
  off: "Mitteilungen erscheinen auf diesem Gerät, auch wenn die Verwaltung geschlossen ist. Ihr Browser fragt nach der Erlaubnis, sobald Sie Push einschalten.",
  blocked:
    "Ihr Browser hat Mitteilungen für diese Seite blockiert. Erlauben Sie sie in den Website-Einstellungen Ihres Browsers (Schloss-Symbol neben der Adresse) und schalten Sie Push dann erneut ein.",
  "needs-home-screen":
    "Auf iPhone und iPad kommen Push-Mitteilungen nur in einer App vom Home-Bildschirm. Nutzen Sie für Push die Verwaltung am Computer oder ein Android-Tablet.",
  unsupported: "Dieser Browser kann keine Push-Mitteilungen empfangen. Die E-Mails der Verwaltung kommen weiterhin.",
};

/**
 * "Push-Benachrichtigungen" in the Profil (issue 29): push on this device (the permission is asked
 * only after the tap), per event whether it comes by push, and the staff member's devices. The
 * 15-minute e-mail digest stays for everything else.
 */
export function PushCard() {
  const me = useMe();
  const [state, setState] = useState<PushState | null>(null);

  useEffect(() => {
    let live = true;
    void pushState(me.id)
      .catch((): PushState => "off")
      .then((next) => {
        if (live) setState(next);
      });
    return () => {
      live = false;
    };
  }, [me.id]);

  // This device removed from the list: the switch shows the browser's state again (off).
  const recheck = () =>
    void pushState(me.id)
      .catch((): PushState => "off")
      .then(setState);

  return (
    <Section title="Push-Benachrichtigungen" headingId="profile-push">
      <div className="grid gap-6">
        <ThisDevice state={state} setState={setState} />
        <EventChoices />
        <MyDevices onThisDeviceRemoved={recheck} />
      </div>
    </Section>
  );
}

function ThisDevice({ state, setState }: { state: PushState | null; setState: (state: PushState) => void }) {
  const me = useMe();
  const [busy, setBusy] = useState(false);
  const refreshDevices = useRefreshPushDevices();

  const turnOn = async () => {
    const next = await enablePush(me.id);
    setState(next);
    if (next === "active") {
      toast({ title: "Push eingeschaltet", description: "Dieses Gerät erhält ab jetzt Push-Mitteilungen." });
      await refreshDevices();
    }
  };

  const turnOff = async () => {
    const id = storedDeviceId(me.id);
    if (id) await deleteDevice(id);
    await forgetThisDevice(me.id);
    setState("off");
    toast({ title: "Push ausgeschaltet", description: "Dieses Gerät erhält keine Push-Mitteilungen mehr." });
    await refreshDevices();
  };

  const onChange = async (on: boolean) => {
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      console.warn("[push] Umschalten fehlgeschlagen", error);
      toast({
        variant: "destructive",
        title: on ? "Push nicht eingeschaltet" : "Push nicht ausgeschaltet",
        description: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  const canSwitch = state === "active" || state === "off" || state === "blocked";
  return (
    <div className="grid gap-2">
      <div className="flex items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <label htmlFor="push-this-device" className="text-sm font-medium">
            Push auf diesem Gerät
          </label>
          <p id="push-this-device-hint" className="text-sm text-muted-foreground">
            {HINT[state]}
          </p>
        </div>
        <Switch
          id="push-this-device"
          aria-describedby="push-this-device-hint push-this-device-state"
          checked={state === "active"}
          disabled={busy || !canSwitch}
          onCheckedChange={(on) => void onChange(on)}
        />
      </div>
      <p id="push-this-device-state" className="text-sm" role="status">
        <span className="font-medium">Status: </span>
        <span data-testid="push-state">{busy ? "Wird umgeschaltet…" : STATE_TEXT[state]}</span>
      </p>
    </div>
  );
}

function EventChoices() {
  const preferences = useQuery(pushPreferencesQueryOptions());
  const update = useUpdatePushPreferences();
  const events = preferences.data?.events;

  const onChange = (event: StaffPushEvent, on: boolean) =>
    update.mutate(
      { events: { [event]: on } },
      {
        onSuccess: () =>
          toast({ title: "Einstellung gespeichert", description: "Ihre Einstellung wurde gespeichert." }),
      },
    );

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Worüber Sie Push erhalten</legend>
      <p id="push-events-hint" className="text-sm text-muted-foreground">
        Gilt für alle Ihre Geräte mit Push. Alles andere meldet weiterhin die E-Mail alle 15 Minuten.
      </p>
      {events ? (
        <ul className="grid gap-3">
          {STAFF_PUSH_EVENTS.map((event) => (
            <li key={event} className="flex items-center justify-between gap-4 border-t border-border pt-3">
              <label htmlFor={`push-event-${event}`} className="min-w-0 text-sm">
                {STAFF_PUSH_EVENT_LABELS[event]}
              </label>
              <Switch
                id={`push-event-${event}`}
                aria-describedby="push-events-hint"
                checked={events[event]}
                onCheckedChange={(on) => onChange(event, on)}
              />
            </li>
          ))}
        </ul>
      ) : preferences.isError ? (
        <LoadError message="Ihre Push-Einstellungen konnten nicht geladen werden." retry={preferences.refetch} />
      ) : null}
    </fieldset>
  );
}

function MyDevices({ onThisDeviceRemoved }: { onThisDeviceRemoved: () => void }) {
  const me = useMe();
  const devices = useQuery(pushDevicesQueryOptions());
  const remove = useRemovePushDevice();
  const thisDevice = storedDeviceId(me.id);

  const onRemove = (id: string) =>
    remove.mutate(id, {
      onSuccess: async () => {
        if (id === thisDevice) {
          await forgetThisDevice(me.id);
          onThisDeviceRemoved();
        }
        toast({ title: "Gerät entfernt", description: "Das Gerät erhält keine Push-Mitteilungen mehr." });
      },
    });

  return (
    <section aria-labelledby="push-devices-title" className="grid gap-3">
      <h3 id="push-devices-title" className="text-sm font-semibold">
        Meine Geräte
      </h3>
      {devices.data && devices.data.devices.length === 0 ? (
        <p className="text-sm text-muted-foreground">Noch kein Gerät erhält Push-Mitteilungen.</p>
      ) : null}
      {devices.data && devices.data.devices.length > 0 ? (
        <ul className="grid gap-3">
          {devices.data.devices.map((device) => {
            const name = device.id === thisDevice ? `${device.label} (dieses Gerät)` : device.label;
            return (
              <li
                key={device.id}
                className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3"
              >
                <span className="grid min-w-0 text-sm">
                  <span className="font-medium [overflow-wrap:anywhere]">{name}</span>
                  <span className="text-muted-foreground">Zuletzt aktiv am {formatDate(device.last_seen_at)}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`${name} entfernen`}
                  disabled={remove.isPending}
                  onClick={() => onRemove(device.id)}
                >
                  Entfernen
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {devices.isError && !devices.data ? (
        <LoadError message="Ihre Geräte konnten nicht geladen werden." retry={devices.refetch} />
      ) : null}
    </section>
  );
}

function LoadError({ message, retry }: { message: string; retry: () => unknown }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="text-destructive-text">{message}</span>
      <Button size="sm" variant="outline" onClick={() => void retry()}>
        Erneut versuchen
      </Button>
    </div>
  );
}
