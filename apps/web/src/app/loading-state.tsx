import { LoaderCircle } from "lucide-react";

export function LoadingState({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-40 flex-1 flex-col items-center justify-center gap-3 py-10"
    >
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
