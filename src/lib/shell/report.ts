// Failures that the shopper is told about in their own words still belong in the console and in any
// error monitoring: the browser's standard reportError() reports them like uncaught errors. Code that
// also runs outside a browser (the build, tests) has no reportError, so it writes to the console there.
export function reportFailure(context: string, error: unknown): void {
  const failure = new Error(context, { cause: error });
  if (typeof globalThis.reportError === 'function') globalThis.reportError(failure);
  // eslint-disable-next-line no-console -- the one fallback outside a browser
  else console.error(failure);
}
