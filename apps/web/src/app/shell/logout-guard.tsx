import { type ReactNode, useCallback, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import { countUnsynced, discardTenantEntries } from "@/lib/offline/actions";
import { offlineTexts } from "@/lib/offline/texts";
import { sessionTenantId } from "@/lib/session";

/**
 * Logging out with changes that never reached the server asks first and says how many would be
 * lost (DESIGN §4.8). Confirmed, the tenant's queued changes are discarded with the session;
 * without any, the logout happens at once. Render `dialog` outside sheets that close on click.
 */
export function useLogoutGuard(logout: () => Promise<void>): { requestLogout: () => void; dialog: ReactNode } {
  const [unsynced, setUnsynced] = useState(0);
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const requestLogout = useCallback(() => {
    void (async () => {
      const tenant = sessionTenantId();
      const count = await countUnsynced(tenant);
      if (count === 0) {
        await logout();
        return;
      }
      setTenantId(tenant);
      setUnsynced(count);
      setOpen(true);
    })();
  }, [logout]);

  const confirm = async () => {
    setOpen(false);
    if (tenantId) {
      try {
        await discardTenantEntries(tenantId);
      } catch (error) {
        console.warn("[offline] Änderungen konnten beim Abmelden nicht verworfen werden", error);
      }
    }
    await logout();
  };

  const t = offlineTexts.logoutGuard;
  const dialog = (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.title}</AlertDialogTitle>
          <AlertDialogDescription>{t.description(unsynced)}</AlertDialogDescription>
        </AlertDialogHeader>
        {/* The safe choice first and most prominent; losing the changes is the quieter second button. */}
        <AlertDialogFooter className="flex-col sm:flex-row sm:justify-start">
          <AlertDialogCancel className={buttonVariants({ variant: "default" })}>{t.cancel}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "outline", className: "text-destructive-text" })}
            onClick={() => void confirm()}
          >
            {t.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { requestLogout, dialog };
}
