// Typed failures of the payment gateways. They extend ApiError so an endpoint that lets one escape still
// answers in the one error shape with a message that is safe to show: the provider's own text (which may
// name our account, keys or internal ids) stays on `cause` for the log.
import { ApiError } from '../http.ts';

export type PaymentProvider = 'stripe' | 'paypal';

export type PaymentProviderErrorCode =
  /** Network failure, timeout, rate limit or a 5xx: worth retrying later with the same idempotency key. */
  | 'PAYMENT_PROVIDER_UNAVAILABLE'
  /** The provider refused our credentials: the shop is misconfigured, a retry will not help. */
  | 'PAYMENT_PROVIDER_AUTH_FAILED'
  /** The provider refused the request itself (validation, unknown id, wrong state). */
  | 'PAYMENT_PROVIDER_REJECTED'
  /** PayPal: capture was attempted before the buyer approved the order. */
  | 'PAYMENT_NOT_APPROVED'
  /** The provider answered with a body we cannot read as the documented shape. */
  | 'PAYMENT_PROVIDER_BAD_RESPONSE';

const MESSAGES: Record<PaymentProviderErrorCode, [message: string, status: number]> = {
  PAYMENT_PROVIDER_UNAVAILABLE: [
    'The payment provider cannot be reached right now. Please try again in a moment.',
    503,
  ],
  PAYMENT_PROVIDER_AUTH_FAILED: ['This payment method is not available at the moment.', 502],
  PAYMENT_PROVIDER_REJECTED: ['The payment provider rejected the payment request.', 502],
  PAYMENT_NOT_APPROVED: ['The payment has not been approved yet.', 409],
  PAYMENT_PROVIDER_BAD_RESPONSE: ['The payment provider sent an unexpected answer.', 502],
};

export class PaymentProviderError extends ApiError {
  readonly provider: PaymentProvider;
  /** The provider's HTTP status, when it answered at all. */
  readonly providerStatus: number | null;
  /** Same request (with the same idempotency key) may succeed later. */
  readonly retryable: boolean;
  constructor(
    provider: PaymentProvider,
    code: PaymentProviderErrorCode,
    options: { providerStatus?: number | null; cause?: unknown } = {},
  ) {
    const [message, status] = MESSAGES[code];
    super(code, message, status);
    this.name = 'PaymentProviderError';
    this.provider = provider;
    this.providerStatus = options.providerStatus ?? null;
    this.retryable = code === 'PAYMENT_PROVIDER_UNAVAILABLE';
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** A webhook whose signature is missing, wrong, stale or does not cover the body: nothing may be applied. */
export class PaymentSignatureError extends ApiError {
  constructor(cause?: unknown) {
    super('INVALID_SIGNATURE', 'The webhook signature is not valid.', 400);
    this.name = 'PaymentSignatureError';
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * A webhook whose signature holds but whose body is not an event of the documented shape. Refused
 * with 400, not a 5xx: the shop is fine, and the provider resends a 5xx for days.
 */
export class PaymentEventError extends ApiError {
  constructor(cause?: unknown) {
    super('VALIDATION_FAILED', 'The webhook body is not an event this shop can read.', 400);
    this.name = 'PaymentEventError';
    if (cause !== undefined) this.cause = cause;
  }
}

/** Maps an HTTP status from a provider to our code; shared by both gateways so they classify alike. */
export function codeForStatus(status: number): PaymentProviderErrorCode {
  if (status === 401 || status === 403) return 'PAYMENT_PROVIDER_AUTH_FAILED';
  if (status === 408 || status === 409 || status === 429 || status >= 500) return 'PAYMENT_PROVIDER_UNAVAILABLE';
  return 'PAYMENT_PROVIDER_REJECTED';
}
