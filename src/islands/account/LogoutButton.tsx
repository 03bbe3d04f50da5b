// 'Log out' in the account area: ends the session (the cart goes with it), then leaves
// the account for the home page of the locale, since account pages need a login.
import { useState } from 'react';
import { signOut } from '#lib/auth/store.ts';

export interface LogoutButtonProps {
  homeHref: string;
  strings: { logout: string; error: string };
}

export function LogoutButton({ homeHref, strings }: LogoutButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function logOut() {
    setBusy(true);
    setFailed(false);
    const outcome = await signOut();
    if (outcome.ok) {
      location.assign(homeHref);
      return;
    }
    setBusy(false);
    setFailed(true);
  }
  return (
    <div className="account-logout">
      <button type="button" className="button secondary" disabled={busy} onClick={() => void logOut()}>
        {strings.logout}
      </button>
      {failed && (
        <p className="account-logout-error" role="alert">
          {strings.error}
        </p>
      )}
    </div>
  );
}
