import type { Toaster as SharedToaster } from "@mieter-portal/ui/toaster";
import { type ComponentProps, useEffect, useState } from "react";
import { useToasts } from "./use-toast";

type ToasterComponent = typeof SharedToaster;

let loaded: ToasterComponent | null = null;
let loading: Promise<ToasterComponent> | null = null;

/** The toasts' code (packages/ui, with tailwind-merge for the viewport's classes); one download. */
function loadToaster(): Promise<ToasterComponent> {
  loading ??= Promise.all([import("@mieter-portal/ui/toaster"), import("@/lib/class-merge")]).then(
    ([module]) => {
      loaded = module.Toaster;
      return module.Toaster;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Fetches the toasts' code ahead of need: with the signed-in app, and once the login shows. A toast
 * shown offline (a change queued, a refused sign-in) must not wait for the network.
 */
export function preloadToaster(): Promise<void> {
  return loadToaster().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The toast viewport and its Radix code come with the first toast at the latest (issue 13): the
 * login's start-up JavaScript does without them. A toast stays in the store until it is removed,
 * so one that came before the code is shown when it arrives; offline, the next attempt is made
 * when the connection is back (never a broken screen for want of a file).
 */
export function Toaster(props: ComponentProps<ToasterComponent>) {
  const toasts = useToasts();
  const [Component, setComponent] = useState<ToasterComponent | null>(() => loaded);
  const needed = toasts.length > 0;
  useEffect(() => {
    if (Component || !needed) return;
    let cancelled = false;
    const attempt = () => {
      loadToaster().then(
        (toaster) => {
          if (!cancelled) setComponent(() => toaster);
        },
        () => {
          if (!cancelled) window.addEventListener("online", attempt, { once: true });
        },
      );
    };
    attempt();
    return () => {
      cancelled = true;
      window.removeEventListener("online", attempt);
    };
  }, [Component, needed]);
  return Component ? <Component {...props} /> : null;
}
