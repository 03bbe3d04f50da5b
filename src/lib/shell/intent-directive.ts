// `client:intent`: an island loads and hydrates on the shopper's first sign of wanting it, not on
// page load. Signs: pointer, focus or a key inside the island; the same on any control that opens it
// (`data-opens="<name>"` where `client:intent="<name>"`); or an `intent` event naming it, which the
// shell raises when a store opens the island (a drawer opened from a script, the #login address).
//
// A form inside the island that is submitted before hydration finishes is held and submitted again
// once the island is live, so a click made while the code loads is not lost; without JavaScript the
// form posts to the server as plain HTML.
import type { ClientDirective } from 'astro';

const SIGNS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

const intentDirective: ClientDirective = (load, options, el) => {
  const name = typeof options.value === 'string' ? options.value : '';
  const triggers = name ? () => document.querySelectorAll(`[data-opens="${name}"]`) : () => [];
  let started: Promise<void> | undefined;
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

  const holdSubmit = (event: Event) => {
    held = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
    event.preventDefault();
    void wake();
  };
  const onIntent = (event: Event) => {
    if (event.type === 'intent' && (event as CustomEvent<string>).detail !== name) return;
    void wake();
  };
  const targets = () => [el, ...triggers()];

  function wake(): Promise<void> {
    started ??= (async () => {
      for (const target of targets()) for (const sign of SIGNS) target.removeEventListener(sign, onIntent);
      document.removeEventListener('intent', onIntent);
      const hydrate = await load();
      await hydrate();
      el.removeEventListener('submit', holdSubmit, true);
      // React attaches its handlers while hydrating; the held submit now reaches them.
      held?.form.requestSubmit(held.submitter);
    })();
    return started;
  }

  for (const target of targets()) for (const sign of SIGNS) target.addEventListener(sign, onIntent, { passive: true });
  document.addEventListener('intent', onIntent);
  el.addEventListener('submit', holdSubmit, true);
};

export default intentDirective;
