import { useCallback, useEffect, useState } from "react";
import { getItem, STORAGE_KEYS, setItem } from "@/lib/storage";

/** The notification switch is local to the device and on unless the tenant turned it off. */
export async function readNotificationsEnabled(): Promise<boolean> {
  const saved = await getItem<unknown>(STORAGE_KEYS.notifications);
  return saved !== false;
}

export async function saveNotificationsEnabled(enabled: boolean): Promise<void> {
  await setItem(STORAGE_KEYS.notifications, enabled);
}

/** Current value (null until read from device storage) and a setter that saves it. */
export function useNotificationPreference(): [boolean | null, (enabled: boolean) => Promise<void>] {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let active = true;
    void readNotificationsEnabled().then((value) => {
      if (active) setEnabled(value);
    });
    return () => {
      active = false;
    };
  }, []);
  const update = useCallback(async (next: boolean) => {
    setEnabled(next);
    await saveNotificationsEnabled(next);
  }, []);
  return [enabled, update];
}
