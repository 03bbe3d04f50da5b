// The notification area: a polite live region so screen readers announce new messages.
// Confirmations raised by key (see notifications.ts) get their text from `feedback`.
import { useEffect } from 'react';
import { $notifications, dismiss, showCarriedNotifications, type FeedbackKey } from '#lib/shell/notifications.ts';
import { Icon } from './Icon.tsx';
import { useClientStore } from '../shared/useClientStore.ts';

export interface NotificationsProps {
  label: string;
  closeLabel: string;
  feedback: Record<FeedbackKey, string>;
}

export function Notifications({ label, closeLabel, feedback }: NotificationsProps) {
  // Empty until hydrated, as on the server: a message raised before hydration shows right after it.
  const notifications = useClientStore($notifications, []);
  useEffect(() => showCarriedNotifications(), []);
  return (
    <section className="notifications" aria-label={label} aria-live="polite">
      {notifications.map((n) => (
        <div key={n.id} className={`notification notification-${n.kind}`} role={n.kind === 'danger' ? 'alert' : 'status'}>
          <p>{n.feedback ? feedback[n.feedback] : n.message}</p>
          <button type="button" className="icon-button" aria-label={closeLabel} onClick={() => dismiss(n.id)}>
            <Icon name="close" size={20} />
          </button>
        </div>
      ))}
    </section>
  );
}
