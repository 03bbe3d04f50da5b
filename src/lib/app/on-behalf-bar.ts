// Shows the on-behalf banner (src/layouts/Base.astro) when this browser holds a session a staff member
// opened for a customer: whom it is for comes from the session's readable marker.
import { onBehalfLabel } from '../auth/on-behalf-marker.ts';

export function startOnBehalfBar(): void {
  const who = onBehalfLabel(document.cookie);
  const bar = document.querySelector<HTMLElement>('.on-behalf-bar');
  const text = bar?.querySelector('span');
  if (!who || !bar || !text) return;
  text.textContent = (bar.dataset.template ?? '').replace('{{who}}', who);
  bar.hidden = false;
}
