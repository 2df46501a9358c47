import { Info, Wifi, WifiOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { SyncDetails } from "@/components/offline/sync-details";
import { BreakableEmail } from "@/components/text/breakable-email";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { toast } from "@/components/ui/use-toast";
import { useAuth } from "@/features/auth/components/auth-provider";
import { onNetworkChange, setManualOffline, useNetworkState } from "@/lib/network";
import { useSyncStatus } from "@/lib/offline/hooks";
import { cn } from "@/lib/utils";
import { shellTexts } from "../texts";

/** Spec section 9: the toggle pulses for 1 s after a change. */
export const PULSE_MS = 1000;

/** Toasts when the browser loses or regains the network (spec section 8). */
function useNetworkToasts() {
  useEffect(
    () =>
      onNetworkChange((next, previous) => {
        if (next.browserOnline === previous.browserOnline) return;
        const t = shellTexts.offline;
        toast(
          next.browserOnline
            ? { title: t.restoredTitle, description: t.restoredDescription }
            : { title: t.lostTitle, description: t.lostDescription },
        );
      }),
    [],
  );
}

export function OfflineControls() {
  const network = useNetworkState();
  const { state } = useAuth();
  const sync = useSyncStatus();
  const [pulsing, setPulsing] = useState(false);
  const pulseTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const previousOffline = useRef(network.offline);
  useNetworkToasts();

  useEffect(() => {
    if (previousOffline.current === network.offline) return;
    previousOffline.current = network.offline;
    setPulsing(true);
    if (pulseTimer.current) clearTimeout(pulseTimer.current);
    pulseTimer.current = setTimeout(() => setPulsing(false), PULSE_MS);
  }, [network.offline]);

  useEffect(
    () => () => {
      if (pulseTimer.current) clearTimeout(pulseTimer.current);
    },
    [],
  );

  const t = shellTexts.offline;
  const label = network.offline ? t.activeTooltip : t.inactiveTooltip;

  const toggle = async () => {
    const nextManual = !network.offline;
    await setManualOffline(nextManual);
    toast(
      nextManual
        ? { title: t.manualOnTitle, description: t.manualOnDescription }
        : { title: t.manualOffTitle, description: t.manualOffDescription },
    );
  };

  const s = shellTexts.status;
  const authStatus = state.status === "checking" ? s.checking : s.signedOut;

  return (
    // Narrow screens: side by side in the shell's strip above the tab bar (the toggle rightmost);
    // wider: stacked at the bottom right, beside the content column.
    <div className="fixed right-4 bottom-[calc(56px+0.25rem)] z-30 flex flex-row-reverse items-center gap-2 min-[56rem]:bottom-[calc(56px+1rem)] min-[56rem]:flex-col">
      <Dialog>
        <DialogTrigger asChild>
          <button
            type="button"
            aria-label={sync.queueLength > 0 ? `${s.button} (${sync.queueLength} nicht synchronisiert)` : s.button}
            data-testid="details-button"
            className="relative flex size-9 items-center justify-center rounded-full border border-border bg-card text-muted-foreground shadow-md hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Info className="size-4" aria-hidden="true" />
            {sync.queueLength > 0 ? (
              <span
                aria-hidden="true"
                data-testid="details-badge"
                className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-warning-soft px-1 text-[11px] font-bold text-warning-soft-foreground ring-2 ring-card"
              >
                {sync.queueLength}
              </span>
            ) : null}
          </button>
        </DialogTrigger>
        <DialogContent
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
          // Start at the top: the first button may sit far down the list of queued changes.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{s.title}</DialogTitle>
            <DialogDescription>{s.description}</DialogDescription>
          </DialogHeader>
          {/* Label above value on phones: beside a long label the value column would be a few letters wide. */}
          <dl className="grid grid-cols-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4 sm:gap-y-2 [&>dd]:mb-2 sm:[&>dd]:mb-0">
            <dt className="text-muted-foreground">{s.network}</dt>
            <dd className="font-medium" data-testid="status-network">
              {network.browserOnline ? s.online : s.offline}
            </dd>
            <dt className="text-muted-foreground">{s.manual}</dt>
            <dd className="font-medium" data-testid="status-manual">
              {network.manualOffline ? s.on : s.off}
            </dd>
            <dt className="text-muted-foreground">{s.effective}</dt>
            <dd className="font-medium">{network.offline ? s.effectiveOffline : s.effectiveOnline}</dd>
            <dt className="text-muted-foreground">{s.auth}</dt>
            <dd className="font-medium wrap-break-word" data-testid="status-auth">
              {state.status === "signed-in" ? (
                <>
                  {s.signedInPrefix} <BreakableEmail value={state.user.email} />
                </>
              ) : (
                authStatus
              )}
            </dd>
          </dl>
          <SyncDetails />
        </DialogContent>
      </Dialog>
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            aria-label={label}
            aria-pressed={network.offline}
            data-state-offline={network.offline}
            data-pulsing={pulsing || undefined}
            onClick={() => void toggle()}
            className={cn(
              "flex size-12 items-center justify-center rounded-full text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              network.offline ? "bg-[#b91c1c]" : "bg-[#15803d]",
              pulsing && "animate-pulse-once",
            )}
          >
            {network.offline ? (
              <WifiOff className="size-5" aria-hidden="true" />
            ) : (
              <Wifi className="size-5" aria-hidden="true" />
            )}
          </button>
        </TooltipTrigger>
        <TooltipContent side="left">{label}</TooltipContent>
      </Tooltip>
    </div>
  );
}
