// Notifications: at most 3 shown; each disappears after 3000 ms unless persistent.
// Stores raise feedback (wishlist add, sign-in, sign-out, the cart's failures) by message key: they hold no texts, the
// notifications island turns a key into the page's language. Feedback for an action that leaves the
// page (sign-out goes to the home page) is carried over to the next page in session storage.
import { atom } from 'nanostores';

const MAX_NOTIFICATIONS = 3;
const NOTIFICATION_TIMEOUT_MS = 3000;
const CARRY_OVER_KEY = 'carried-notifications';
/** A carried notification older than this belongs to an earlier visit, not to the page just opened. */
const CARRY_OVER_MAX_AGE_MS = 10_000;

type NotificationKind = 'info' | 'success' | 'danger';

/** Confirmations the stores raise, which may be carried over to the next page. */
export const CONFIRMATION_KEYS = ['wishlist.added', 'auth.signedIn', 'auth.signedOut'] as const;
type ConfirmationKey = (typeof CONFIRMATION_KEYS)[number];
/**
 * A message key the notification area has a text for (src/components/NotificationsArea.astro: the
 * confirmations and the cart's failures). A store raising a failure cannot rely on the island that
 * knows its texts having woken: an add from the wishlist with the cart drawer never opened ended in a
 * red toast without a word.
 */
export type FeedbackKey = string;
/** Said when a failure's own text is missing: no toast is ever empty. */
export const FALLBACK_FAILURE: FeedbackKey = 'cart.error.generic';

export interface Notification {
  id: number;
  /** The text; empty when `feedback` names it. */
  message: string;
  feedback?: FeedbackKey | undefined;
  kind: NotificationKind;
  persist: boolean;
}

interface NotifyOptions {
  kind?: NotificationKind;
  persist?: boolean;
  feedback?: FeedbackKey;
}

export const $notifications = atom<Notification[]>([]);
/** The id of the latest notification: ids are never reused, so a late timer cannot dismiss a newer one. */
const $lastNotificationId = atom(0);

export function notify(message: string, options: NotifyOptions = {}): number {
  const id = $lastNotificationId.get() + 1;
  $lastNotificationId.set(id);
  const notification: Notification = {
    id,
    message,
    feedback: options.feedback,
    kind: options.kind ?? 'info',
    persist: options.persist ?? false,
  };
  // The oldest ones give way so that no more than three are ever on screen.
  $notifications.set([...$notifications.get(), notification].slice(-MAX_NOTIFICATIONS));
  if (!notification.persist) setTimeout(() => dismiss(notification.id), NOTIFICATION_TIMEOUT_MS);
  return notification.id;
}

/** A success confirmation by key; `carryOver` also shows it on the next page the tab opens. */
export function notifyFeedback(feedback: ConfirmationKey, { carryOver = false } = {}): number {
  if (carryOver) carry(feedback);
  return notify('', { kind: 'success', feedback });
}

export function dismiss(id: number): void {
  $notifications.set($notifications.get().filter((n) => n.id !== id));
}

interface Carried {
  feedback: ConfirmationKey;
  at: number;
}

const isConfirmationKey = (value: unknown): value is ConfirmationKey =>
  (CONFIRMATION_KEYS as readonly unknown[]).includes(value);

function carry(feedback: ConfirmationKey): void {
  try {
    sessionStorage.setItem(CARRY_OVER_KEY, JSON.stringify([...readCarried(), { feedback, at: Date.now() }]));
  } catch {
    // Blocked storage only costs the message on the next page.
  }
}

function readCarried(): Carried[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CARRY_OVER_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (c): c is Carried => isConfirmationKey((c as Carried)?.feedback) && typeof (c as Carried).at === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

/** Shows what the previous page carried over (recent ones only) and forgets it; the island calls it once. */
export function showCarriedNotifications(now = Date.now()): void {
  const carried = readCarried().filter((c) => now - c.at >= 0 && now - c.at < CARRY_OVER_MAX_AGE_MS);
  try {
    sessionStorage.removeItem(CARRY_OVER_KEY);
  } catch {
    return;
  }
  for (const c of carried) notify('', { kind: 'success', feedback: c.feedback });
}
