// The custom client directive's attribute on components (src/integrations/intent-directive.ts).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first pointer, focus or key on the island or on `[data-opens="<name>"]` controls,
     * or on an `intent` event naming one of the space-separated names.
     */
    'client:intent'?: string | boolean;
  }
}
