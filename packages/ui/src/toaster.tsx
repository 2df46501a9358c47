import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { dismissToast, TOAST_DURATION, useToasts } from "./use-toast";

/**
 * Spec section 9: swipe threshold 50, 5 s display, viewport max 420 px. `viewportClassName` places
 * the viewport (the tenant app keeps it below its fixed header).
 */
export function Toaster({ viewportClassName }: { viewportClassName?: string } = {}) {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="up" swipeThreshold={50} label="Hinweis">
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport label="Hinweise ({hotkey})" className={viewportClassName} />
    </ToastProvider>
  );
}
