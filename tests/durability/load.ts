// A mixed shopper load over real HTTP (cart add, change quantity, checkout, order on invoice) that
// keeps a ledger of what the shop acknowledged. A request cut off by a kill is remembered with the
// state it would have produced: it may or may not have committed, both are correct, nothing else is.
import { randomUUID } from 'node:crypto';
import { Browser, parseSetCookie } from '../helpers/auth-harness.ts';
import { billingAddress, shippingAddress } from '../helpers/order-harness.ts';

/** Demo fixtures with plenty of stock (the test raises it further) and no variants. */
export const LOAD_SKUS = ['AKU-10000', 'BIT-10001', 'SBO-10002', 'ASR-10003'] as const;

/** sku → quantity: a cart's lines as the shopper sees them (no accessories are ever chosen here). */
export type Lines = Record<string, number>;

export interface CartState {
  version: number;
  status: 'active' | 'ordered';
  lines: Lines;
}

export interface CartRecord {
  id: string;
  /** The state of the last answered write. */
  acked: CartState;
  /** The state the write cut off by the kill would have left, if it committed. */
  cut?: CartState;
}

export interface OrderAttempt {
  key: string;
  cartId: string;
  /** The browser that sent it: a retry needs its cart cookie. */
  browser: Browser;
  body: Record<string, unknown>;
  /** The cart once ordered. */
  ordered: CartState;
  /** Set once a create with this key was answered 200. */
  orderId?: string;
  transactionnum?: string;
}

export interface Ledger {
  carts: Map<string, CartRecord>;
  orders: Map<string, OrderAttempt>;
  /** Answers that are neither success nor a cut connection: each one is a failure of the run. */
  unexpected: string[];
  /** Writes answered 2xx and writes cut off, over the whole run. */
  answered: number;
  cut: number;
  /** Told of every write when its answer (or the cut) arrived: a benchmark's latencies. */
  observe?: (call: ObservedCall) => void;
}

export interface ObservedCall {
  path: string;
  /** 0: no answer. */
  status: number;
  /** performance.now() when it was sent, and how long the answer took. */
  startedAt: number;
  ms: number;
}

export const newLedger = (): Ledger => ({ carts: new Map(), orders: new Map(), unexpected: [], answered: 0, cut: 0 });

interface Answer {
  /** 0: no answer (connection refused or reset by the kill). */
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read per operation below
  body: any;
}

/** POSTs JSON with the browser's cookies; a connection the kill cut answers status 0. */
export async function post(base: string, browser: Browser, path: string, body: unknown): Promise<Answer> {
  try {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser.cookieHeader() },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    browser.apply(response.headers.getSetCookie().map(parseSetCookie));
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}

interface WireCart {
  id: string;
  version: number;
  cartItems: { id: string; sku: string; quantity: number }[];
  pricesHash: string;
}

const linesOf = (cart: WireCart): Lines => Object.fromEntries(cart.cartItems.map((i) => [i.sku, i.quantity]));

/** Thrown when the kill cut a request off: the shopper stops. */
class Cut extends Error {}

/** 0 … n-1 */
const random = (n: number): number => Math.floor(Math.random() * n);

/** post(), told to the ledger's observer. */
async function observedPost(base: string, ledger: Ledger, browser: Browser, path: string, body: unknown) {
  const startedAt = performance.now();
  const answer = await post(base, browser, path, body);
  ledger.observe?.({ path, status: answer.status, startedAt, ms: performance.now() - startedAt });
  return answer;
}

class Shopper {
  readonly browser = new Browser();
  private record: CartRecord | undefined;
  private cart: WireCart | undefined;

  private readonly base: string;
  private readonly ledger: Ledger;

  constructor(base: string, ledger: Ledger) {
    this.base = base;
    this.ledger = ledger;
  }

  /** One cart write: on 200 the ledger takes the answered cart, on a cut the predicted one. */
  async write(path: string, body: Record<string, unknown>, predict: (s: CartState) => CartState): Promise<void> {
    const cut = this.record ? predict(this.record.acked) : undefined;
    if (this.record) this.record.cut = cut;
    const answer = await observedPost(this.base, this.ledger, this.browser, path, body);
    if (answer.status === 0) {
      this.ledger.cut += 1;
      throw new Cut();
    }
    if (answer.status !== 200) {
      this.ledger.unexpected.push(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      throw new Cut();
    }
    this.ledger.answered += 1;
    const cart = answer.body.cart as WireCart;
    const acked: CartState = { version: cart.version, status: 'active', lines: linesOf(cart) };
    if (cut && JSON.stringify(cut) !== JSON.stringify(acked)) {
      this.ledger.unexpected.push(
        `${path} answered ${JSON.stringify(acked)}, the ledger predicted ${JSON.stringify(cut)}`,
      );
    }
    this.cart = cart;
    this.record ??= { id: cart.id, acked };
    this.record.acked = acked;
    delete this.record.cut;
    this.ledger.carts.set(cart.id, this.record);
  }

  /** Guest checkout on invoice; the attempt is in the ledger before it is sent. */
  async order(): Promise<void> {
    const record = this.record!;
    const ordered: CartState = { ...record.acked, version: record.acked.version + 1, status: 'ordered' };
    const attempt: OrderAttempt = {
      key: randomUUID(),
      cartId: record.id,
      browser: this.browser,
      ordered,
      body: {
        cartId: record.id,
        cart: { version: this.cart!.version, pricesHash: this.cart!.pricesHash },
        paymentMethodCode: 'invoice',
      },
    };
    attempt.body.idempotencyKey = attempt.key;
    this.ledger.orders.set(attempt.key, attempt);
    record.cut = ordered;
    const answer = await observedPost(this.base, this.ledger, this.browser, '/api/orders/create', attempt.body);
    if (answer.status === 0) {
      this.ledger.cut += 1;
      throw new Cut();
    }
    if (answer.status !== 200) {
      this.ledger.unexpected.push(`order create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      throw new Cut();
    }
    this.ledger.answered += 1;
    acceptOrder(this.ledger, attempt, answer.body);
  }

  /** A cart from an empty browser: two lines, a quantity change, and (mostly) an order. */
  async journey(): Promise<void> {
    const [a, b] = pickTwo();
    const addA = 1 + random(5);
    await this.write('/api/cart/add', { sku: a, quantity: addA }, (s) => s);
    const addB = 1 + random(5);
    await this.write('/api/cart/add', { sku: b, quantity: addB, version: this.cart!.version }, (s) =>
      next(s, { ...s.lines, [b]: (s.lines[b] ?? 0) + addB }),
    );
    const lineA = this.cart!.cartItems.find((i) => i.sku === a)!;
    const quantity = 1 + random(9);
    await this.write('/api/cart/quantity', { lineId: lineA.id, quantity, version: this.cart!.version }, (s) =>
      next(s, { ...s.lines, [a]: quantity }),
    );
    if (random(5) === 0) return; // an abandoned cart
    const steps = [
      { shippingAddress: shippingAddress() },
      { shippingMethod: { methodCode: 'standard' } },
      { billingAddress: billingAddress() },
    ];
    for (const step of steps)
      await this.write('/api/checkout/update', { version: this.cart!.version, ...step }, (s) => next(s, s.lines));
    await this.order();
  }
}

const next = (s: CartState, lines: Lines): CartState => ({ version: s.version + 1, status: s.status, lines });

function pickTwo(): [string, string] {
  const first = random(LOAD_SKUS.length);
  const second = (first + 1 + random(LOAD_SKUS.length - 1)) % LOAD_SKUS.length;
  return [LOAD_SKUS[first]!, LOAD_SKUS[second]!];
}

function acceptOrder(
  ledger: Ledger,
  attempt: OrderAttempt,
  body: { order: { id: string; transactionnum: string } },
): void {
  if (attempt.orderId && attempt.orderId !== body.order.id) {
    ledger.unexpected.push(`key ${attempt.key} answered order ${body.order.id} after ${attempt.orderId}`);
  }
  attempt.orderId = body.order.id;
  attempt.transactionnum = body.order.transactionnum;
  const record = ledger.carts.get(attempt.cartId)!;
  record.acked = attempt.ordered;
  delete record.cut;
}

/**
 * `shoppers` browsers shopping one cart after another until the shop stops answering. Resolves once
 * every shopper has stopped (after the kill), so the ledger is complete.
 */
export async function shopUntilCut(base: string, ledger: Ledger, shoppers: number): Promise<void> {
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      for (;;) {
        try {
          await new Shopper(base, ledger).journey();
        } catch (error) {
          if (error instanceof Cut) return;
          throw error;
        }
      }
    }),
  );
}

/**
 * `shoppers` browsers shopping one cart after another while `keepGoing()` says so. A failed write
 * (recorded in the ledger) ends that cart, not the shopper: the next one starts, as a real shopper
 * would try again, so a failure window shows how many requests it cost.
 */
export async function shopWhile(
  base: string,
  ledger: Ledger,
  shoppers: number,
  keepGoing: () => boolean,
): Promise<void> {
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (keepGoing()) {
        try {
          await new Shopper(base, ledger).journey();
        } catch (error) {
          if (!(error instanceof Cut)) throw error;
        }
      }
    }),
  );
}

/** One shopper's journeys until `orders` orders were answered; a cut or a refusal throws. */
export async function placeOrders(base: string, ledger: Ledger, orders: number): Promise<void> {
  const answered = () => [...ledger.orders.values()].filter((a) => a.orderId).length;
  while (answered() < orders) {
    try {
      await new Shopper(base, ledger).journey();
    } catch (error) {
      if (error instanceof Cut)
        throw new Error(`the shop stopped answering: ${ledger.unexpected.join('; ')}`, { cause: error });
      throw error;
    }
  }
}

/** Attempts whose create was cut off before its answer: the shopper would press "order" again. */
export const unansweredOrders = (ledger: Ledger): OrderAttempt[] =>
  [...ledger.orders.values()].filter((a) => !a.orderId);

/**
 * Re-sends every unanswered create with its key, from its browser; each must answer 200 now.
 * Returns how many were re-sent and how many of those had committed before the kill (created: false).
 */
export async function retryOrders(base: string, ledger: Ledger): Promise<{ resent: number; committed: number }> {
  const pending = unansweredOrders(ledger);
  let committed = 0;
  for (const attempt of pending) {
    const answer = await post(base, attempt.browser, '/api/orders/create', attempt.body);
    if (answer.status !== 200) {
      ledger.unexpected.push(`retried order ${attempt.key} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      continue;
    }
    if (answer.body.created === false) committed += 1;
    acceptOrder(ledger, attempt, answer.body);
  }
  return { resent: pending.length, committed };
}
