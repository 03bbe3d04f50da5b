// The checkout's step marks of this tab, kept in session storage so the step bar survives page loads.
// Apart from the order attempt (store.ts): the step bar's page script needs only this, and plain shape
// checks keep a schema library out of it.
import { persistentAtom } from '@nanostores/persistent';
import { CHECKOUT_STEPS, EMPTY_STEP_STATE, moveToStep, type CheckoutStep, type StepState } from './rules.ts';
import { hasOnlyKeys } from '../shell/stored-shape.ts';
import { sessionKey } from '../shell/web-storage.ts';

const CHECKOUT_STEPS_KEY = 'vsf-checkout-steps';

const isStep = (value: unknown): value is CheckoutStep => CHECKOUT_STEPS.includes(value as CheckoutStep);

/** The stored marks, or none: a hand-edited or outdated value starts afresh. */
function decodeSteps(raw: string): StepState {
  try {
    const value: unknown = JSON.parse(raw);
    if (!hasOnlyKeys(value, ['current', 'visited'])) return EMPTY_STEP_STATE;
    const { current, visited } = value;
    if (current !== null && !isStep(current)) return EMPTY_STEP_STATE;
    if (!Array.isArray(visited) || !visited.every(isStep)) return EMPTY_STEP_STATE;
    return { current, visited };
  } catch {
    return EMPTY_STEP_STATE;
  }
}

/** The step marks of this tab; nothing is stored while no step was visited. */
export const $checkoutSteps = persistentAtom<StepState>(sessionKey(CHECKOUT_STEPS_KEY), EMPTY_STEP_STATE, {
  encode: (state) => (state.current === null && state.visited.length === 0 ? undefined : JSON.stringify(state)),
  decode: decodeSteps,
});

/** Moving to a step makes it current and marks it visited. */
export function enterStep(step: CheckoutStep): StepState {
  const next = moveToStep($checkoutSteps.get(), step);
  $checkoutSteps.set(next);
  return next;
}
