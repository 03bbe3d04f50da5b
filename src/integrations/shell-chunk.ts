// One chunk for the shell's code. The shell's script (menus, counters, notifications, selectors) runs
// on every page; split the way the bundler splits by default it was some thirty files of a few
// hundred bytes each, every one a request and a compression window of its own. Everything it imports
// statically goes into one `shell` chunk instead; islands that share a module with the shell import
// it from there (it is already loaded), and what islands alone use is split as before.
import type { AstroIntegration } from 'astro';

/**
 * The shell's script (src/components/ShellScript.astro), as Astro hands it to the bundler: the one
 * entry of the chunk, which runs it wherever the chunk loads (every layout has it).
 */
const SHELL_SCRIPT = /[\\/]src[\\/]components[\\/]ShellScript\.astro\?astro&type=script/;

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Whether a shell script imports the module statically (directly or through others), or is one. */
function inShell(id: string, graph: ModuleGraph, known: Map<string, boolean>): boolean {
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  const seen = new Set<string>();
  const queue = [id];
  let found = false;
  while (queue.length > 0 && !found) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    found = known.get(next) === true || SHELL_SCRIPT.test(next);
    queue.push(...(graph.getModuleInfo(next)?.importers ?? []));
  }
  known.set(id, found);
  return found;
}

export function shellChunk(): AstroIntegration {
  return {
    name: 'storefront-shell-chunk',
    hooks: {
      // Astro 7 builds every environment in one go: the client's output options are its own.
      'astro:build:setup': ({ updateConfig }) => {
        const known = new Map<string, boolean>();
        const group = { name: (id: string, graph: ModuleGraph) => (inShell(id, graph, known) ? 'shell' : null) };
        updateConfig({
          environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [group] } } } } } },
        });
      },
    },
  };
}
