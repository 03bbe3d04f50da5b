// The notification area: a polite live region so screen readers announce new messages.
import { useStore } from '@nanostores/react';
import { $notifications, dismiss } from '#lib/shell/notifications.ts';
import { Icon } from './Icon.tsx';

export function Notifications({ label, closeLabel }: { label: string; closeLabel: string }) {
  const notifications = useStore($notifications);
  return (
    <section className="notifications" aria-label={label} aria-live="polite">
      {notifications.map((n) => (
        <div key={n.id} className={`notification notification-${n.kind}`} role={n.kind === 'danger' ? 'alert' : 'status'}>
          <p>{n.message}</p>
          <button type="button" className="icon-button" aria-label={closeLabel} onClick={() => dismiss(n.id)}>
            <Icon name="close" size={20} />
          </button>
        </div>
      ))}
    </section>
  );
}
