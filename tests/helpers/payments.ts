// Shared by the payment gateway suites.
import { expect, vi } from 'vitest';
import { PaymentProviderError } from '#lib/server/payments/errors.ts';

/** The PaymentProviderError a gateway call rejects with; fails the test on success or any other error. */
export async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

/**
 * Loads a module afresh under these environment variables: env() parses process.env once per module
 * instance, so the *FromEnv factories only see a change through a new instance. Undo with
 * vi.unstubAllEnvs() and vi.resetModules() after the test.
 */
export async function importWithEnv<T>(vars: Record<string, string>, load: () => Promise<T>): Promise<T> {
  for (const [key, value] of Object.entries(vars)) vi.stubEnv(key, value);
  vi.resetModules();
  return load();
}
