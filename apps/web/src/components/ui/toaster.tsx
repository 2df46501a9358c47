import type { Toaster as SharedToaster } from "@mieter-portal/ui/toaster";
import { type ComponentProps, useEffect, useLayoutEffect, useState } from "react";
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
/** Moves the viewport from below the header to the bottom, above the tab bar (index.css). */
const TOASTS_AT_BOTTOM = "top-auto bottom-[var(--tab-bar-height,0px)]";

/**
 * Whether toasts should show at the bottom: the focused field lies in the upper half of the
 * window, where the toasts would cover it (issue 25: "Aktuelles Passwort" was hidden for 5 s
 * under the toast reporting on it). Otherwise they keep their place below the header.
 */
function focusedFieldInUpperHalf(): boolean {
  const field = document.activeElement;
  if (!(field instanceof HTMLElement) || !field.matches("input, textarea, select, [contenteditable='true']")) {
    return false;
  }
  const rect = field.getBoundingClientRect();
  return (rect.top + rect.bottom) / 2 < window.innerHeight / 2;
}

/**
 * Where the toasts go, decided when one appears and again when the focus moves while they show
 * (a form focuses the field with the error after its toast came).
 */
function useClearOfFocusedField(newest: string | undefined): boolean {
  const [atBottom, setAtBottom] = useState(false);
  useLayoutEffect(() => {
    if (newest === undefined) return;
    const place = () => setAtBottom(focusedFieldInUpperHalf());
    place();
    // Focusing scrolls the field into view: placed once it has moved.
    const onFocus = () => requestAnimationFrame(place);
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, [newest]);
  return newest !== undefined && atBottom;
}

export function Toaster(props: ComponentProps<ToasterComponent>) {
  const toasts = useToasts();
  const atBottom = useClearOfFocusedField(toasts.find((toast) => toast.open)?.id);
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
  if (!Component) return null;
  return atBottom ? (
    <Component {...props} viewportClassName={[props?.viewportClassName, TOASTS_AT_BOTTOM].filter(Boolean).join(" ")} />
  ) : (
    <Component {...props} />
  );
}
