/**
 * How lib tells the tenant something (a toast in the app): lib never imports components, so the
 * app registers the notifier first thing at start (main.tsx), before anything could speak.
 */
export interface Notice {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export type Notifier = (notice: Notice) => void;

let notifier: Notifier | null = null;

export function setNotifier(next: Notifier | null): void {
  notifier = next;
}

export function notify(notice: Notice): void {
  notifier?.(notice);
}
