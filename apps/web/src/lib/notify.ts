/**
 * How lib tells the tenant something (a toast in the app): lib never imports components, so the
 * app registers the notifier at start (main.tsx). A notice given before that waits and is shown
 * once the notifier is there.
 */
export interface Notice {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export type Notifier = (notice: Notice) => void;

let notifier: Notifier | null = null;
let waiting: Notice[] = [];

export function setNotifier(next: Notifier | null): void {
  notifier = next;
  if (!next) return;
  const early = waiting;
  waiting = [];
  for (const notice of early) next(notice);
}

export function notify(notice: Notice): void {
  if (notifier) notifier(notice);
  else waiting.push(notice);
}
