import type { Toaster as SharedToaster } from "@mieter-portal/ui/toaster";
import { type ComponentProps, lazy, Suspense } from "react";
import { useToasts } from "./use-toast";

// The toasts live in packages/ui (shared with the staff console).
// Its viewport classes are merged with the caller's (lib/utils: cn).
const LoadedToaster = lazy(async () => {
  const [module] = await Promise.all([import("@mieter-portal/ui/toaster"), import("@/lib/class-merge")]);
  return { default: module.Toaster };
});

/**
 * The toast viewport and its Radix code are loaded with the first toast (issue 13): the login's
 * start-up JavaScript does without them. A toast stays in the store until it is removed, so once
 * loaded the viewport stays.
 */
export function Toaster(props: ComponentProps<typeof SharedToaster>) {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster {...props} />
    </Suspense>
  );
}
