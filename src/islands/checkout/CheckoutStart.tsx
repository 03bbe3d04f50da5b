// /checkout: an empty cart says so; a guest chooses between logging in and,
// where the shop allows it, going on as a guest (an account can be created on the billing step).
// After logging in here the shopper goes on to the first open step (the server sends them there).
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { openLoginModal } from '#lib/auth/store.ts';
import { $loggedIn } from '#lib/auth/session-store.ts';
import { mayCheckOutWithoutLogin } from '#lib/checkout/rules.ts';
import type { Strings } from './strings.ts';

export const START_KEYS = [
  'checkout.start.intro', 'checkout.start.loginTitle', 'checkout.start.loginText', 'checkout.start.login',
  'checkout.start.guestTitle', 'checkout.start.guest', 'checkout.start.register', 'checkout.start.registerNote', 'checkout.start.loginRequired',
  'cart.empty', 'cart.goBackShopping',
] as const;

export interface CheckoutStartProps {
  hasItems: boolean;
  isGuestUserEnabled: boolean;
  isCheckoutRegistrationEnabled: boolean;
  /** This page: the server sends a signed-in shopper on to the first open step. */
  startHref: string;
  guestHref: string;
  homeHref: string;
  strings: Strings<(typeof START_KEYS)[number]>;
}

export function CheckoutStart({ hasItems, isGuestUserEnabled, isCheckoutRegistrationEnabled, startHref, guestHref, homeHref, strings }: CheckoutStartProps) {
  const loggedIn = useStore($loggedIn);
  useEffect(() => {
    if (loggedIn && hasItems) location.assign(startHref);
  }, [loggedIn, hasItems, startHref]);

  if (!hasItems) {
    return (
      <div className="checkout-start">
        <p>{strings['cart.empty']}</p>
        <a className="button primary" href={homeHref}>{strings['cart.goBackShopping']}</a>
      </div>
    );
  }
  const withoutLogin = mayCheckOutWithoutLogin({ isGuestUserEnabled, isCheckoutRegistrationEnabled });
  return (
    <div className="checkout-start">
      <p>{withoutLogin ? strings['checkout.start.intro'] : strings['checkout.start.loginRequired']}</p>
      <div className="checkout-start-options">
        <section className="checkout-start-option" aria-labelledby="checkout-start-login">
          <h2 id="checkout-start-login">{strings['checkout.start.loginTitle']}</h2>
          <p>{strings['checkout.start.loginText']}</p>
          <button type="button" className="button primary" onClick={openLoginModal}>{strings['checkout.start.login']}</button>
        </section>
        {withoutLogin && (
          <section className="checkout-start-option" aria-labelledby="checkout-start-guest">
            <h2 id="checkout-start-guest">{strings['checkout.start.guestTitle']}</h2>
            {isCheckoutRegistrationEnabled && <p>{strings['checkout.start.registerNote']}</p>}
            <a className="button secondary" href={guestHref}>
              {isGuestUserEnabled ? strings['checkout.start.guest'] : strings['checkout.start.register']}
            </a>
          </section>
        )}
      </div>
    </div>
  );
}
