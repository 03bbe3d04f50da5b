// The notification area without a framework (src/components/NotificationsArea.astro): a polite live
// region that shows $notifications, each with its close button. Confirmations raised by key get
// their text from the area's data-feedback; messages carried over from the previous page show first.
import {
  $notifications,
  FALLBACK_FAILURE,
  dismiss,
  showCarriedNotifications,
  type FeedbackKey,
  type Notification,
} from './notifications.ts';

export function startNotifications(area: HTMLElement): void {
  const feedback = JSON.parse(area.dataset.feedback ?? '{}') as Partial<Record<FeedbackKey, string>>;
  const template = area.querySelector('template');
  if (!template) return;
  const shown = new Map<number, HTMLElement>();

  const render = (n: Notification): HTMLElement => {
    const node = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
    node.classList.add(`notification-${n.kind}`);
    node.setAttribute('role', n.kind === 'danger' ? 'alert' : 'status');
    const text = (n.feedback && feedback[n.feedback]) || n.message;
    node.querySelector('p')!.textContent = text || (n.kind === 'danger' ? (feedback[FALLBACK_FAILURE] ?? '') : '');
    node.querySelector('button')!.addEventListener('click', () => dismiss(n.id));
    return node;
  };

  $notifications.subscribe((list) => {
    const ids = new Set(list.map((n) => n.id));
    for (const [id, node] of shown) {
      if (ids.has(id)) continue;
      node.remove();
      shown.delete(id);
    }
    for (const n of list) {
      if (shown.has(n.id)) continue;
      const node = render(n);
      shown.set(n.id, node);
      area.append(node);
    }
  });
  showCarriedNotifications();
}
