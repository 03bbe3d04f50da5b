// The login modal: views login (initial), reset password and register, switched
// by links inside them. Opened by the header's account icon; Escape or the close button closes it,
// and focus goes back to where it came from (useDialog).
import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { $authView, closeLoginModal, openLoginFromLocation } from '#lib/auth/store.ts';
import { $user } from '#lib/auth/user-store.ts';
import { $loginModalOpen } from '#lib/shell/ui-store.ts';
import { useDialog } from '../shared/useDialog.ts';
import { useBackdrop } from '../shared/useBackdrop.ts';
import { Icon } from '../shell/Icon.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetForm } from './ResetForm.tsx';
import type { LoginModalStrings } from './strings.ts';
import { useClientStore } from '../shared/useClientStore.ts';

export interface LoginModalProps {
  /** Registration is enabled and no external register URL exists. */
  canRegister: boolean;
  /** The external registration page with ?locale=, when one is configured and safe to link. */
  registerHref: string | null;
  strings: LoginModalStrings;
}

export function LoginModal({ canRegister, registerHref, strings }: LoginModalProps) {
  const open = useClientStore($loginModalOpen, false);
  const view = useStore($authView);
  // This island is on every page with the shell: observing the user starts the store's session sync
  // (the signed-in user, their currency and account wishlist are loaded once the marker says so).
  useStore($user);
  const ref = useDialog<HTMLDivElement>(open, closeLoginModal);
  const backdrop = useBackdrop(closeLoginModal);
  const titleId = useId();

  useEffect(openLoginFromLocation, []);
  // A new view replaces the control that switched to it; its first field takes the focus.
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('input, button, a[href]')?.focus();
  }, [open, view, ref]);

  if (!open) return null;
  const title =
    view === 'register' ? strings.registerTitle : view === 'reset' ? strings.resetTitle : strings.loginTitle;
  return (
    <div className="modal-backdrop" {...backdrop}>
      <div
        ref={ref}
        className="modal login-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {view === 'login' && (
          <LoginForm
            strings={strings.login}
            errors={strings.errors}
            canRegister={canRegister}
            registerHref={registerHref}
          />
        )}
        {view === 'register' && canRegister && <RegisterForm strings={strings.register} errors={strings.errors} />}
        {view === 'reset' && <ResetForm strings={strings.reset} errors={strings.errors} />}
        {/* Last in the DOM, so that the first field, not this button, takes the focus on opening. */}
        <button type="button" className="icon-button modal-close" aria-label={strings.close} onClick={closeLoginModal}>
          <Icon name="close" />
        </button>
      </div>
    </div>
  );
}
