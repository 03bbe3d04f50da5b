// The build patch that sets zod's `jitless` in the browser (src/integrations/zod-jitless.ts,
// docs/framework-patches.md), held against the installed zod: the patch finds zod's config module and
// the export it appends to, and with `jitless` set zod neither probes nor compiles with
// `new Function`, which the shop's Content-Security-Policy would report on every page with a form.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { zodJitlessPatch } from '../../src/integrations/zod-jitless.ts';

/** zod's config module, as the islands reach it: through astro/zod. */
const configModule = () => {
  const fromAstro = createRequire(createRequire(import.meta.url).resolve('astro/zod'));
  return join(dirname(fromAstro.resolve('zod/v4/core')), 'core.js');
};

test("the patch targets zod's config module and sets jitless on the config it exports", () => {
  const path = configModule();
  expect(zodJitlessPatch.module.test(path), path).toBe(true);
  expect(zodJitlessPatch.transform(readFileSync(path, 'utf8'))).toMatch(/\nglobalConfig\.jitless = true;\n$/);
});

test('with jitless set, zod builds and parses object schemas without ever constructing a Function', async () => {
  const { z } = await import('astro/zod');
  const { globalConfig } = z.core;
  const constructed: string[] = [];
  const realFunction = globalThis.Function;
  const wasJitless = globalConfig.jitless;
  globalConfig.jitless = true;
  globalThis.Function = new Proxy(realFunction, {
    construct(target, args: string[]) {
      constructed.push(String(args.at(-1)).slice(0, 60));
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    new Function('return 1'); // the spy sees a construct through the global, as zod's probe makes one
    expect(constructed).toHaveLength(1);
    const line = z.object({ sku: z.string(), qty: z.number().int().positive(), note: z.string().optional() });
    const form = z.object({ email: z.email(), lines: z.array(line) });
    for (let i = 0; i < 50; i++) form.parse({ email: 'buyer@example.com', lines: [{ sku: 'HSH-10007', qty: i + 1 }] });
    expect(z.util.allowsEval.value).toBe(false);
    expect(constructed).toHaveLength(1);
  } finally {
    globalThis.Function = realFunction;
    globalConfig.jitless = wasJitless;
  }
});
