// Closing the notification bar stores 'closed' in session storage under this key, for the session.
export const NOTIFICATION_BAR_KEY = 'notification-bar';
export const NOTIFICATION_BAR_CLOSED = 'closed';
