// The checkout's step bar: shipping, billing, payment. Visited marks and availability
// come from the step rules; only available steps are links, the current one is aria-current="step".
import { useEffect } from 'react';
import { CHECKOUT_STEPS, isStepAvailable, moveToStep, EMPTY_STEP_STATE, type CheckoutStep } from '#lib/checkout/rules.ts';
import { $checkoutSteps, enterStep } from '#lib/checkout/store.ts';
import { useClientStore } from '../shared/useClientStore.ts';
import type { Strings, STEP_BAR_KEYS } from './strings.ts';

export interface StepBarProps {
  current: CheckoutStep;
  hrefs: Record<CheckoutStep, string>;
  strings: Strings<(typeof STEP_BAR_KEYS)[number]>;
}

export function StepBar({ current, hrefs, strings }: StepBarProps) {
  // The server knows nothing of this browser's visits: it renders the current step as the only visit.
  const state = useClientStore($checkoutSteps, moveToStep(EMPTY_STEP_STATE, current));
  useEffect(() => void enterStep(current), [current]);
  return (
    <nav className="checkout-steps" aria-label={strings['checkout.steps']}>
      <ol>
        {CHECKOUT_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const done = !isCurrent && state.visited.includes(step);
          const label = (
            <>
              <span className="checkout-step-number" aria-hidden="true">{done ? '✓' : index + 1}</span>
              <span>{strings[`checkout.${step}`]}</span>
              {done && <span className="visually-hidden"> ({strings['checkout.stepDone']})</span>}
            </>
          );
          return (
            <li key={step} className={`checkout-step${isCurrent ? ' is-current' : ''}${done ? ' is-done' : ''}`}>
              {isCurrent
                ? <span className="checkout-step-label" aria-current="step">{label}</span>
                : isStepAvailable(state, step)
                  ? <a className="checkout-step-label" href={hrefs[step]}>{label}</a>
                  : <span className="checkout-step-label is-unavailable">{label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
