// The step bar's page script (src/components/checkout/StepBar.astro): entering a step marks it visited
// in this tab, and the bar shows the tab's marks (spec: a step is available if it was visited, or the
// current step is at or past it). Plain DOM over the step store, so the bar is right before, and
// without, any island.
import { CHECKOUT_STEPS, isStepAvailable, type CheckoutStep, type StepState } from './rules.ts';
import { $checkoutSteps, enterStep } from './steps-store.ts';

function showSteps(bar: HTMLElement, state: StepState): void {
  for (const item of bar.querySelectorAll<HTMLElement>('[data-step]')) {
    const step = item.dataset.step as CheckoutStep;
    const link = item.querySelector<HTMLAnchorElement>('a[data-href]');
    // The current step is no link.
    if (!link) continue;
    const done = state.visited.includes(step);
    const available = isStepAvailable(state, step);
    item.classList.toggle('is-done', done);
    link.classList.toggle('is-unavailable', !available);
    if (available) link.setAttribute('href', link.dataset.href ?? '');
    else link.removeAttribute('href');
    const number = link.querySelector<HTMLElement>('[data-number]');
    if (number) number.textContent = done ? '✓' : (number.dataset.number ?? '');
    const doneNote = link.querySelector<HTMLElement>('[data-step-done]');
    if (doneNote) doneNote.hidden = !done;
  }
}

export function startStepBar(): void {
  const bar = document.querySelector<HTMLElement>('[data-step-bar]');
  const current = bar?.dataset.stepBar as CheckoutStep | undefined;
  if (!bar || !current || !CHECKOUT_STEPS.includes(current)) return;
  enterStep(current);
  $checkoutSteps.subscribe((state) => showSteps(bar, state));
}
