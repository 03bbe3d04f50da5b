// The form-level message of an address step (under its fields, announced as an alert): 'check the
// marked fields' comes with the address texts, the other failures with the step's own.
import type { AddressStrings } from './AddressFields.tsx';
import type { FormErrorKey } from './useAddressForm.ts';
import type { Strings } from './strings.ts';

export interface AddressFormErrorProps {
  id: string;
  error: FormErrorKey | null;
  addressStrings: AddressStrings;
  strings: Strings<Exclude<FormErrorKey, 'checkout.formErrors'>>;
}

export function AddressFormError({ id, error, addressStrings, strings }: AddressFormErrorProps) {
  return (
    <p id={id} className="form-error" role="alert">
      {error ? (error === 'checkout.formErrors' ? addressStrings[error] : strings[error]) : ''}
    </p>
  );
}
