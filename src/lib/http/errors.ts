// The integration layer's error codes and their HTTP statuses: the type every ApiError's code is checked
// against. The browser does not load the table (src/lib/http/client.ts checks a code's shape only).

/**
 * Every coded error the integration layer answers with, and its HTTP status. A code is part of the
 * public API: islands translate it into the shopper's language, so it never changes once shipped.
 * @internal Read at run time only by the contract test, which checks every operation's codes are here.
 */
export const ERROR_STATUS = {
  // Any operation: the request could not be read, or the server failed.
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  INTERNAL_ERROR: 500,
  // A client over its request budget (src/lib/server/client-budget.ts); the answer says when to retry.
  TOO_MANY_REQUESTS: 429,
  // Sessions and accounts.
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_ATTEMPTS: 429,
  INVALID_TOKEN: 400,
  INVALID_PASSWORD: 400,
  EMAIL_TAKEN: 409,
  REGISTRATION_DISABLED: 403,
  // Password hashing is at its concurrency limit: try again after Retry-After.
  SERVER_BUSY: 503,
  CUSTOMER_NOT_FOUND: 401,
  ALREADY_SIGNED_IN: 409,
  CURRENCY_NOT_OFFERED: 400,
  // A company user whose role lacks the permission an operation needs (src/lib/account/roles.ts).
  PERMISSION_DENIED: 403,
  // A session a staff member opened on a user's behalf changing the user's password or e-mail address.
  ON_BEHALF_REFUSED: 403,
  // A company's users (docs/accounts.md): an id that is not one of the asker's company's users, and a
  // re-sent invitation for a user who is no longer invited (accepted, or disabled).
  COMPANY_USER_NOT_FOUND: 404,
  USER_NOT_INVITED: 409,
  // Cart.
  CART_OUTDATED_ERROR: 409,
  CART_NOT_FOUND: 404,
  CART_LINE_NOT_FOUND: 404,
  CART_TOO_MANY_LINES: 400,
  // The cart's goods would cost more than one order can hold (MAX_CART_NET_CENTS, src/lib/cart/rules.ts).
  CART_VALUE_LIMIT: 409,
  INVALID_QUANTITY: 400,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_NOT_PURCHASABLE: 400,
  PRODUCT_NOT_AVAILABLE: 409,
  ACCESSORY_NOT_ALLOWED: 400,
  // A quantity below a product's minimum or off its step (src/lib/catalog/order-quantity.ts).
  QUANTITY_RULE: 409,
  COUPON_NOT_FOUND: 400,
  COUPON_EXPIRED: 400,
  COUPON_MIN_SUBTOTAL: 400,
  COUPON_EXHAUSTED: 400,
  COUPON_CURRENCY: 400,
  // Checkout.
  SHIPPING_ADDRESS_REQUIRED: 409,
  SHIPPING_METHOD_UNAVAILABLE: 400,
  BILLING_MANAGEMENT_DISABLED: 403,
  ADDRESS_NOT_FOUND: 404,
  // Address book: the shop fixes the default shipping or billing address (isDefault…UpdateEnabled off).
  DEFAULT_ADDRESS_LOCKED: 403,
  // Address book: it holds MAX_SAVED_ADDRESSES (src/lib/addresses/rules.ts) already.
  ADDRESS_BOOK_FULL: 409,
  GUEST_CHECKOUT_DISABLED: 401,
  // Orders and payments.
  ORDER_NOT_FOUND: 404,
  IDEMPOTENCY_KEY_REUSED: 409,
  CART_EMPTY: 409,
  CHECKOUT_INCOMPLETE: 409,
  CART_NOT_PURCHASABLE: 409,
  OUT_OF_STOCK: 409,
  PRICES_HIDDEN: 403,
  // The order caps (src/lib/server/orders/limits.ts): one order's value or pieces, a client's open unpaid orders.
  ORDER_VALUE_LIMIT: 409,
  ORDER_QUANTITY_LIMIT: 409,
  TOO_MANY_OPEN_ORDERS: 429,
  // Payment on account (src/lib/server/orders/credit.ts): the company's credit limit, and the currency it is kept in.
  CREDIT_LIMIT_EXCEEDED: 409,
  CREDIT_CURRENCY: 409,
  PAYMENT_METHOD_UNAVAILABLE: 400,
  // Budgets and approval (src/lib/account/approval.ts): the order waits for an approver before it is paid or
  // confirmed; a decision on an order decided already (or never waiting); an approver's own order while
  // another approver could decide.
  ORDER_AWAITING_APPROVAL: 409,
  ORDER_NOT_AWAITING_APPROVAL: 409,
  SELF_APPROVAL: 403,
  // The budgets form: an amount that is not a number, below zero or beyond what an order can hold; a user
  // who is not one of the company's.
  BUDGET_NOT_A_NUMBER: 400,
  BUDGET_NEGATIVE: 400,
  BUDGET_TOO_LARGE: 400,
  BUDGET_USER_NOT_FOUND: 404,
  PAYMENT_REQUIRED: 409,
  ORDER_ALREADY_PAID: 409,
  ORDER_CANCELLED: 409,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_MISMATCH: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  PAYMENT_PROVIDER_AUTH_FAILED: 502,
  PAYMENT_PROVIDER_REJECTED: 502,
  PAYMENT_NOT_APPROVED: 409,
  PAYMENT_PROVIDER_BAD_RESPONSE: 502,
  PAYMENT_NOT_CONFIGURED: 404,
  INVALID_SIGNATURE: 400,
  // Reviews: only buyers may review a product, once; another customer's review is not found.
  REVIEW_NOT_ALLOWED: 403,
  REVIEW_EXISTS: 409,
  REVIEW_NOT_FOUND: 404,
  // Publishing: a webhook whose signature is missing, wrong or outside five minutes of now.
  WEBHOOK_SIGNATURE_INVALID: 401,
  PUBLISHING_DISABLED: 503,
  // Publishing: the named content fails its schema; the event is not applied.
  CONTENT_INVALID: 422,
  // Editor workspace and content API: a signed-in staff member or token without the right role or scope.
  FORBIDDEN: 403,
  // Someone else saved or published the entry since this edit started; nothing was overwritten.
  VERSION_CONFLICT: 409,
  // The content API's HTTP preconditions: If-Match names another version, or an update names none.
  PRECONDITION_FAILED: 412,
  PRECONDITION_REQUIRED: 428,
  CONTENT_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  STAFF_EXISTS: 409,
  STAFF_NOT_FOUND: 404,
  // The shop (staff), or a company (its users), would be left without an admin who can sign in.
  LAST_ADMIN: 409,
  // A company's own item numbers (docs/accounts.md): one number names one of its products.
  CUSTOMER_ITEM_NUMBER_TAKEN: 409,
  CUSTOMER_ITEM_NUMBER_NOT_FOUND: 404,
  // Quotes (docs/accounts.md): none of the asker's company (or none at all), a decision on a version
  // revised meanwhile, a step the quote's status does not allow, an accept past its last valid day, a
  // request from an empty cart or with more lines than a quote takes; staff's answer without a price
  // for every line or with a last day outside today to a year ahead.
  QUOTE_NOT_FOUND: 404,
  QUOTE_CHANGED: 409,
  QUOTE_NOT_OPEN: 409,
  QUOTE_EXPIRED: 409,
  QUOTE_EMPTY: 400,
  QUOTE_TOO_MANY_LINES: 400,
  QUOTE_PRICE_MISSING: 400,
  QUOTE_INVALID_DATE: 400,
  // A buyer's requisition lists (docs/accounts.md): a list the asker may not see is not found, never forbidden.
  REQUISITION_LIST_NOT_FOUND: 404,
  REQUISITION_LINE_NOT_FOUND: 404,
  REQUISITION_LIST_READ_ONLY: 403,
  REQUISITION_LIST_OWNER_ONLY: 403,
  REQUISITION_LIST_LIMIT: 409,
  REQUISITION_LIST_FULL: 409,
  REQUISITION_LIST_EMPTY: 422,
  // Scheduled reorders (docs/accounts.md): the company's own only; paid on invoice, so only where it is offered.
  SCHEDULED_REORDER_NOT_FOUND: 404,
  SCHEDULED_REORDER_NO_INVOICE: 409,
  TOKEN_NOT_FOUND: 404,
  // Outbound webhooks (docs/webhooks.md): the endpoint WEBHOOK_URL defines belongs to the environment.
  WEBHOOK_NOT_FOUND: 404,
  WEBHOOK_FROM_ENV: 409,
  DELIVERY_NOT_FOUND: 404,
  // A delivery still being tried needs no redelivery.
  DELIVERY_PENDING: 409,
  // Catalogue imports (README, "Bring your catalogue").
  IMPORT_EMPTY: 400,
  IMPORT_NOT_FOUND: 404,
  // An uploaded zip that cannot be imported (no catalogue in it, links, encryption, paths leaving it, too big).
  IMPORT_ZIP_REFUSED: 422,
  // A delta call with refused items: nothing of it was applied; the details list each refusal.
  IMPORT_REFUSED: 422,
  // The ERP's status reports on an order (docs/erp.md, "Status back").
  NOTHING_TO_SHIP: 409,
  SHIPPED_TOO_MANY: 409,
  ORDER_SHIPPED: 409,
  DOCUMENT_EXISTS: 409,
  EVENT_ID_REUSED: 409,
  NOT_ON_INVOICE: 409,
  DOCUMENT_NOT_FOUND: 404,
  // The media library (docs/content.md, "Media library"): an upload that is no raster picture (told by
  // its bytes), an SVG (refused: it can carry script), too many bytes or pixels (the limits:
  // src/lib/media/rules.ts); a medium still used may not be deleted, nor used before its alternative
  // text is written in every language; a replacement whose bytes are another medium's.
  MEDIA_NOT_IMAGE: 422,
  MEDIA_SVG_REFUSED: 415,
  MEDIA_TOO_LARGE: 413,
  MEDIA_TOO_MANY_PIXELS: 422,
  MEDIA_NOT_FOUND: 404,
  MEDIA_IN_USE: 409,
  MEDIA_ALT_MISSING: 422,
  MEDIA_DUPLICATE: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * What every operation may answer, whatever it does: its input could not be read, its client sent too
 * many requests, or the server failed.
 */
export type CommonError =
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'INVALID_JSON'
  | 'VALIDATION_FAILED'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_ERROR';
