import { useRef } from "react";
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
import { meterTexts } from "../texts";

/**
 * The explicit confirmation of a value lower than the tenant's last reading (issue 12): the lines
 * name each meter with its last value; 'Wert korrigieren' comes first, sending needs the second button.
 */
export function LowerReadingConfirm({
  lines,
  onCancel,
  onConfirm,
  focusAfterCancel,
}: {
  /** One line per lower meter; null while closed. */
  lines: string[] | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** Where the focus goes once the dialog closed after 'Wert korrigieren'; else back where it was. */
  focusAfterCancel?: () => void;
}) {
  const t = meterTexts.confirmLower;
  const cancelled = useRef(false);
  return (
    <AlertDialog
      open={lines !== null}
      onOpenChange={(open) => {
        if (open) return;
        cancelled.current = true;
        onCancel();
      }}
    >
      <AlertDialogContent
        data-testid="confirm-lower"
        onOpenAutoFocus={() => {
          cancelled.current = false;
        }}
        onCloseAutoFocus={(event) => {
          if (!cancelled.current || !focusAfterCancel) return;
          event.preventDefault();
          focusAfterCancel();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{t.title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              <p>{t.intro}</p>
              <ul className="grid list-disc gap-1 pl-5 font-medium text-foreground">
                {(lines ?? []).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p>{t.outro}</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter className="flex-col sm:flex-row sm:justify-start">
          <AlertDialogCancel className={buttonVariants({ variant: "default" })}>{t.cancel}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "outline" })} onClick={onConfirm}>
            {t.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
