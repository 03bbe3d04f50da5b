// The notification bar (src/components/NotificationBar.astro). Closing it stores 'closed' in session
// storage under this key, for the session (an inline script in the head hides it before paint).
export const NOTIFICATION_BAR_KEY = 'notification-bar';
const NOTIFICATION_BAR_CLOSED = 'closed';

/** Visible until closed; closed stays closed for the rest of the browser session. */
export function startNotificationBar(): void {
  for (const button of document.querySelectorAll('[data-notification-bar-close]')) {
    button.addEventListener('click', () => {
      sessionStorage.setItem(NOTIFICATION_BAR_KEY, NOTIFICATION_BAR_CLOSED);
      document.documentElement.classList.add('notification-bar-closed');
    });
  }
}
