// Spec section 4: closing the notification bar stores 'closed' in the session under this key.
export const NOTIFICATION_BAR_KEY = 'notification-bar';
export const NOTIFICATION_BAR_CLOSED = 'closed';
