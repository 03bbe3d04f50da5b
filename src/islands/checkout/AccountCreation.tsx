// The guest's choice to create an account with the order, and its password (billing step). Without
// guest checkout the account is required: no checkbox, only the password.
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { TextField } from '../shared/TextField.tsx';

export interface AccountCreationProps {
  required: boolean;
  create: boolean;
  onCreate: (create: boolean) => void;
  password: string;
  onPassword: (password: string) => void;
  /** The too-short text while the password is refused. */
  error: string | undefined;
  strings: { createAccount: string; password: string; hint: string };
}

export function AccountCreation({
  required,
  create,
  onCreate,
  password,
  onPassword,
  error,
  strings,
}: AccountCreationProps) {
  return (
    <div className="checkout-account">
      {!required && <CheckboxField label={strings.createAccount} checked={create} onChange={onCreate} />}
      {(required || create) && (
        <TextField
          label={strings.password}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={onPassword}
          maxLength={256}
          hint={strings.hint}
          error={error}
        />
      )}
    </div>
  );
}
