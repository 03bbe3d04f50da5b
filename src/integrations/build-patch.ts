// One module of a dependency rewritten in the production build only (the dev server keeps it as it
// is), and the build failing when the module was never seen: a dependency that renamed or moved it
// would otherwise leave the patch silently undone.
// Every patch made with it is listed, with the test that fails when upstream changes, in docs/framework-patches.md.
import type { AstroIntegration } from 'astro';

export interface BuildPatch {
  name: string;
  /** The patched module's path. */
  module: RegExp;
  /** Its new code, from the old (throw when the old code is not what the patch expects). */
  transform(code: string): string;
  /** Only this Vite environment's build ('client', 'ssr'); all of them without. */
  environment?: string;
  /** Before Vite's own transforms. */
  enforce?: 'pre';
  /** Why the build fails when the module never came by: what to update. */
  missing: string;
}

export function buildPatch(patch: BuildPatch): AstroIntegration {
  let applied = false;
  return {
    name: patch.name,
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: patch.name,
                ...(patch.enforce ? { enforce: patch.enforce } : {}),
                ...(patch.environment
                  ? { applyToEnvironment: (environment: { name: string }) => environment.name === patch.environment }
                  : {}),
                transform(code: string, id: string) {
                  if (!patch.module.test(id)) return null;
                  applied = true;
                  return { code: patch.transform(code), map: null };
                },
              },
            ],
          },
        });
      },
      'astro:build:done': () => {
        if (!applied) throw new Error(`${patch.name}: ${patch.missing}`);
      },
    },
  };
}
