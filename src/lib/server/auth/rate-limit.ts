// Login rate limits, shared by every server instance through the database.
//
// Why not rate-limiter-flexible: its Drizzle store (RateLimiterDrizzle) runs on both PGlite and pg,
// but it decides a window reset from a SELECT taken before its upsert, so two instances at a window
// edge both reset and lose hits on a real PostgreSQL; it also starts a cleanup timer per limiter and
// would be one more dependency. What we need fits in one statement: a fixed-window counter per key,
// INSERT ... ON CONFLICT DO UPDATE deciding "new window or +1" under the row lock, atomic on both
// databases. Keys are SHA-256 of scope and subject, so no email or IP is stored in clear.
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { sha256Hex } from './crypto.ts';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_LIMITS = {
  /** Failed attempts for one account from one IP. */
  perAccountAndIp: 5,
  /** Failed attempts from one IP over all accounts. */
  perIp: 20,
  /**
   * Failed attempts for one account from all IPs, whatever the address: an attacker with many addresses
   * (a botnet, or one that could choose its X-Forwarded-For) gets no more guesses than this per window.
   * The price is that such an attack can hold the owner back too; a password set through a mailed
   * link (accountUnlocked) proves the mailbox and clears the count.
   */
  perAccount: 30,
} as const;
const RESET_LIMITS = { perAccount: 5, perIp: 20 } as const;

interface Counter {
  count: number;
  expiresAt: Date;
}

const keyOf = (scope: string, subject: string) => sha256Hex(`${scope}\u0000${subject}`);
const iso = (d: Date) => d.toISOString();
const secondsUntil = (d: Date, now: Date) => Math.max(1, Math.ceil((d.getTime() - now.getTime()) / 1000));

/** Counts one hit on each key (a new window starts at 1 once the old one ended); returns the counters. */
async function hit(db: Db, keys: string[], windowMs: number, now: Date): Promise<Map<string, Counter>> {
  // One statement locks the rows in key order, so concurrent hits on overlapping keys cannot deadlock.
  const sorted = [...new Set(keys)].sort();
  const expiresAt = new Date(now.getTime() + windowMs);
  const expired = sql`${loginAttempts.expiresAt} <= ${iso(now)}::timestamptz`;
  const rows = await db
    .insert(loginAttempts)
    .values(sorted.map((key) => ({ key, count: 1, expiresAt })))
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginAttempts.count} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${loginAttempts.expiresAt} end`,
      },
    })
    .returning();
  if (Math.random() < 0.02) {
    await db
      .delete(loginAttempts)
      .where(lt(loginAttempts.expiresAt, new Date(now.getTime() - windowMs)))
      .catch(() => {});
  }
  return new Map(rows.map((r) => [r.key, { count: r.count, expiresAt: r.expiresAt }]));
}

export interface LoginGate {
  allowed: boolean;
  /** Seconds until the exceeded window ends (allowed: false only). */
  retryAfterSeconds: number;
  keys: { pair: string; ip: string; account: string };
}

/**
 * Counts a login attempt BEFORE the password is checked, so a burst of parallel requests cannot
 * slip more guesses past the limit than allowed. A successful login takes its hit back
 * (loginSucceeded), so the counters hold failures plus attempts in flight.
 */
export async function checkLoginAttempt(
  db: Db,
  subject: { account: string; ip: string },
  now = new Date(),
): Promise<LoginGate> {
  const keys = {
    pair: keyOf('login:account+ip', `${subject.account}\u0000${subject.ip}`),
    ip: keyOf('login:ip', subject.ip),
    account: keyOf('login:account', subject.account),
  };
  const counters = await hit(db, Object.values(keys), LOGIN_WINDOW_MS, now);
  const pair = counters.get(keys.pair)!;
  const ip = counters.get(keys.ip)!;
  const account = counters.get(keys.account)!;
  const exceeded = [
    pair.count > LOGIN_LIMITS.perAccountAndIp ? pair : undefined,
    ip.count > LOGIN_LIMITS.perIp ? ip : undefined,
    account.count > LOGIN_LIMITS.perAccount ? account : undefined,
  ].filter((c): c is Counter => c !== undefined);
  if (exceeded.length === 0) return { allowed: true, retryAfterSeconds: 0, keys };
  return { allowed: false, retryAfterSeconds: Math.max(...exceeded.map((c) => secondsUntil(c.expiresAt, now))), keys };
}

/** A successful login: its own hit is taken back and the failures of this account on this IP forgotten. */
export async function loginSucceeded(db: Db, gate: LoginGate): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, gate.keys.pair));
  await db
    .update(loginAttempts)
    .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
    .where(inArray(loginAttempts.key, [gate.keys.ip, gate.keys.account]));
}

/** The owner proved the mailbox (a password set through a mailed link): the account's failures are forgotten. */
export async function accountUnlocked(db: Db, account: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keyOf('login:account', account)));
}

/**
 * Password-reset requests: per typed name (not per account, so the answer cannot tell whether the
 * account exists) and per IP. Returns the seconds to wait, or 0 when allowed.
 */
export async function checkResetRequest(
  db: Db,
  subject: { name: string; ip: string },
  now = new Date(),
): Promise<number> {
  const nameKey = keyOf('reset:name', subject.name.trim().toLowerCase());
  const ipKey = keyOf('reset:ip', subject.ip);
  const counters = await hit(db, [nameKey, ipKey], LOGIN_WINDOW_MS, now);
  const name = counters.get(nameKey)!;
  const ip = counters.get(ipKey)!;
  const exceeded = [
    name.count > RESET_LIMITS.perAccount ? name : undefined,
    ip.count > RESET_LIMITS.perIp ? ip : undefined,
  ].filter((c): c is Counter => c !== undefined);
  return exceeded.length === 0 ? 0 : Math.max(...exceeded.map((c) => secondsUntil(c.expiresAt, now)));
}

const REGISTER_LIMIT_PER_IP = 10;

/** New accounts per IP and window; returns the seconds to wait, or 0 when allowed. */
export async function checkRegistration(db: Db, ip: string, now = new Date()): Promise<number> {
  const key = keyOf('register:ip', ip);
  const counter = (await hit(db, [key], LOGIN_WINDOW_MS, now)).get(key)!;
  return counter.count > REGISTER_LIMIT_PER_IP ? secondsUntil(counter.expiresAt, now) : 0;
}

/**
 * Invitation mails of one company (new invitations and ones sent again), as the other mail-sending
 * requests are limited: each sends a mail to an address the shop does not know yet. Returns the seconds
 * to wait, or 0 when allowed.
 */
const INVITATIONS_PER_COMPANY = 20;

export async function checkInvitation(db: Db, customerId: string, now = new Date()): Promise<number> {
  const key = keyOf('invite:company', customerId);
  const counter = (await hit(db, [key], LOGIN_WINDOW_MS, now)).get(key)!;
  return counter.count > INVITATIONS_PER_COMPANY ? secondsUntil(counter.expiresAt, now) : 0;
}
