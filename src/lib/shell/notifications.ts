// Notifications: at most 3 shown; each disappears after 3000 ms unless persistent.
import { atom } from 'nanostores';

const MAX_NOTIFICATIONS = 3;
const NOTIFICATION_TIMEOUT_MS = 3000;

export type NotificationKind = 'info' | 'success' | 'danger';

export interface Notification {
  id: number;
  message: string;
  kind: NotificationKind;
  persist: boolean;
}

export const $notifications = atom<Notification[]>([]);
/** The id of the latest notification: ids are never reused, so a late timer cannot dismiss a newer one. */
const $lastNotificationId = atom(0);

export function notify(message: string, options: { kind?: NotificationKind; persist?: boolean } = {}): number {
  const id = $lastNotificationId.get() + 1;
  $lastNotificationId.set(id);
  const notification: Notification = { id, message, kind: options.kind ?? 'info', persist: options.persist ?? false };
  // The oldest ones give way so that no more than three are ever on screen.
  $notifications.set([...$notifications.get(), notification].slice(-MAX_NOTIFICATIONS));
  if (!notification.persist) setTimeout(() => dismiss(notification.id), NOTIFICATION_TIMEOUT_MS);
  return notification.id;
}

export function dismiss(id: number): void {
  $notifications.set($notifications.get().filter((n) => n.id !== id));
}
