// A page the server renders differently for a signed-in shopper (the checkout's start, the account
// pages' sign-in prompt) reloads when the shopper signs in on it, so the server renders it for them.
import { $loggedIn } from './session-store.ts';

export function reloadOnSignIn(): void {
  // Only a change counts: a page the server rendered for a guest whose browser still says otherwise
  // must not reload for ever.
  let before: boolean | undefined;
  $loggedIn.subscribe((signedIn) => {
    if (before === false && signedIn) location.reload();
    before = signedIn;
  });
}
