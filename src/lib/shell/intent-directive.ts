// `client:intent`: the directive Astro inlines into every page with such an island. It only queues the
// island; the shell's script (src/lib/shell/intent-islands.ts) watches for the shopper's intent and
// hydrates it. Until the shell has started, the island's server HTML works on its own: links
// navigate and forms post to the server.
import type { ClientDirective } from 'astro';
import type { IntentIsland } from './intent-islands.ts';

const intentDirective: ClientDirective = (load, options, el) => {
  const island: IntentIsland = { load, value: options.value, el };
  // A list until the shell takes over; then its own push watches the island at once.
  (window.intentIslands ??= [] as IntentIsland[]).push(island);
};

export default intentDirective;
