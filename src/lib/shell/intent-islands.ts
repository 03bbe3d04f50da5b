// `client:intent`, the shell's part (the directive, src/lib/shell/intent-directive.ts, only queues the
// islands): an island loads and hydrates on the shopper's first sign of wanting it, not on page load.
// Signs: pointer, focus or a key inside the island; the same on any control that opens it
// (`data-opens="<name>"` where `client:intent="<name>"`); or an `intent` event naming it, which the
// shell raises when a store opens the island (a drawer opened from a script, the #login address) or
// when the page's server HTML is not this shopper's (prices of a signed-in customer). A value may
// name several (`client:intent="listing prices"`); a name listed in `<html data-wake>` wakes the
// island at once (set by scripts that ran before the island was parsed).
//
// Nothing the shopper does while the code loads is lost:
// - a form submitted before hydration finishes is held and submitted again once the island is live
//   (without JavaScript the form posts to the server as plain HTML);
// - a click on a button is clicked again; a checkbox or radio shows its new state at once and is
//   ticked again for the live island (which hydrated with the box as it found it);
// - a select changed is changed again, so the island's own handler sees it;
// - text typed meanwhile stays in its field, and the island takes it as it hydrates
//   (src/islands/shared/useTypedBeforeHydration.ts).
//
// Astro's island element itself is not in the page (src/integrations/island-runtime.ts): the shell
// watches the islands' server HTML and loads the element with the first island that wakes (at once
// when the page has islands that hydrate on their own). The element then hands each island's loader
// over through the directive.

const SIGNS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;
/** The events held for an island while it loads. */
const HOLDS = ['submit', 'click', 'change'] as const;
/** Controls whose click does something only a live island knows (submits are held as submits). */
const HELD_CLICKS = 'button[type="button"], [role="button"], input[type="checkbox"], input[type="radio"]';

type Held =
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: 'click'; target: HTMLElement; checked?: boolean | undefined }
  | { kind: 'change'; select: HTMLSelectElement; value: string };

/** Names in a space-separated list, as `data-wake` and the directive's value hold them. */
const names = (list: string | undefined): string[] => (list ?? '').split(/\s+/).filter(Boolean);

/** An island as the directive hands it over: how to hydrate it, its names, its element. */
export interface IntentIsland {
  load: () => Promise<() => Promise<void>>;
  value: unknown;
  el: HTMLElement;
}

/** Astro's `<astro-island>` element; loading it runs the directive of every island in the page. */
function loadIslandRuntime(): Promise<unknown> {
  return customElements.get('astro-island') ? Promise.resolve() : import('astro/runtime/server/astro-island.js');
}

/** The island's own code starts loading beside Astro's element, not after it. */
function preloadCode(el: HTMLElement): void {
  for (const url of [el.getAttribute('component-url'), el.getAttribute('renderer-url')]) {
    if (!url || document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) continue;
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: url }));
  }
}

/** The directive's value as Astro writes it into the island's options. */
function directiveValue(el: HTMLElement): unknown {
  try {
    return (JSON.parse(el.getAttribute('opts') ?? '{}') as { value?: unknown }).value;
  } catch {
    return undefined;
  }
}

/** Each watched island's hand-over of its loader, which Astro's element gives once it has loaded. */
const handOvers = new WeakMap<HTMLElement, (load: IntentIsland['load']) => void>();

/** Waits for the shopper's intent on one island (see the top of this file). */
function watchIsland(el: HTMLElement, value: unknown): void {
  const own = typeof value === 'string' ? names(value) : [];
  const loader = new Promise<IntentIsland['load']>((resolve) => handOvers.set(el, resolve));
  const triggers = () => own.flatMap((name) => [...document.querySelectorAll(`[data-opens="${name}"]`)]);
  let started: Promise<void> | undefined;
  /** React listens on the island from the start of hydration, which it finishes later (a transition). */
  let reactListening = false;
  const held: Held[] = [];

  const hold = (event: Event) => {
    if (event.type === 'submit') {
      held.push({ kind: 'submit', form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter });
      event.preventDefault();
    } else if (event.type === 'change' && event.target instanceof HTMLSelectElement) {
      held.push({ kind: 'change', select: event.target, value: event.target.value });
    } else if (event.type === 'click') {
      const target = (event.target as Element).closest<HTMLElement>(HELD_CLICKS);
      if (!target || !el.contains(target)) return;
      held.push({ kind: 'click', target, checked: target instanceof HTMLInputElement ? target.checked : undefined });
    } else {
      return;
    }
    // Between the start and the end of hydration React would take the event too, hydrating on the spot
    // with the box already ticked (so it sees no change and unticks it) or adding a second time after
    // the replay: what is held is the island's only after hydration.
    if (reactListening) event.stopImmediatePropagation();
    void wake();
  };
  const onIntent = (event: Event) => {
    if (event.type === 'intent' && !own.includes((event as CustomEvent<string>).detail)) return;
    void wake();
  };
  const targets = () => [el, ...triggers()];

  function wake(): Promise<void> {
    started ??= (async () => {
      for (const target of targets()) for (const sign of SIGNS) target.removeEventListener(sign, onIntent);
      document.removeEventListener('intent', onIntent);
      preloadCode(el);
      void loadIslandRuntime();
      const hydrate = await (await loader)();
      reactListening = true;
      await hydrate();
      await hydrated(el);
      for (const type of HOLDS) el.removeEventListener(type, hold, true);
      // What was held now reaches the island's own handlers, in order.
      for (const action of held.splice(0)) replay(action);
    })();
    return started;
  }

  for (const target of targets()) for (const sign of SIGNS) target.addEventListener(sign, onIntent, { passive: true });
  document.addEventListener('intent', onIntent);
  for (const type of HOLDS) el.addEventListener(type, hold, true);
  if (own.some((name) => names(document.documentElement.dataset.wake).includes(name))) void wake();
}

/**
 * Resolves once React has hydrated the island's markup. The renderer only starts hydration (in a
 * transition, which React may split over several tasks); until it has run, React would take a box
 * ticked again, or a value set again, as the state it hydrates with rather than as a change. React
 * marks each element it has hydrated with its fiber, children before parents and siblings in order:
 * the island's last top-level element is done last.
 */
function hydrated(el: HTMLElement, deadline = Date.now() + 5000): Promise<void> {
  const root = [...el.children].filter((child) => child.tagName !== 'TEMPLATE').at(-1);
  const done = () => !root || Object.keys(root).some((key) => key.startsWith('__reactFiber$')) || Date.now() > deadline;
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : setTimeout(check, 10));
    check();
  });
}

function replay(action: Held): void {
  switch (action.kind) {
    case 'submit':
      action.form.requestSubmit(action.submitter);
      break;
    case 'click': {
      // A control the live island no longer renders has nothing left to do.
      if (!action.target.isConnected) break;
      // The box already shows the shopper's choice, which the island does not know: step back, click again.
      const box = action.target instanceof HTMLInputElement && action.checked !== undefined ? action.target : null;
      if (box && box.checked === action.checked) box.checked = !action.checked;
      action.target.click();
      break;
    }
    case 'change': {
      // React reads the value from the event's target: set it again and say so.
      action.select.value = action.value;
      action.select.dispatchEvent(new Event('change', { bubbles: true }));
      break;
    }
  }
}

/** Where the directive leaves islands: a list until the shell starts, then a function taking each one. */
interface IntentQueue {
  push(island: IntentIsland): void;
}
declare global {
  interface Window {
    intentIslands?: IntentQueue | undefined;
  }
}

/** An island as the directive hands it over: watched already (from its HTML) or from now on. */
function takeIsland({ load, value, el }: IntentIsland): void {
  if (!handOvers.has(el)) watchIsland(el, value);
  handOvers.get(el)?.(load);
}

/**
 * Watches every intent island of the page from its HTML, and takes the loaders the directive queued
 * before the shell started (where Astro's element is inline: the dev server) and every one after.
 */
export function watchIntentIslands(): void {
  const queued = window.intentIslands;
  window.intentIslands = { push: takeIsland };
  for (const el of document.querySelectorAll<HTMLElement>('astro-island[client="intent"]')) {
    if (!handOvers.has(el)) watchIsland(el, directiveValue(el));
  }
  if (Array.isArray(queued)) for (const island of queued as IntentIsland[]) takeIsland(island);
  // Islands that hydrate on load, on idle or when visible need no intent, only Astro's element.
  if (document.querySelector('astro-island:not([client="intent"])')) void loadIslandRuntime();
}
