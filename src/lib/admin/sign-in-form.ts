// The workspace sign-in's page script (src/pages/admin/sign-in.astro): the form posts as plain HTML,
// and the server answers with the next page or with the form and its refusal. This only says the
// sign-in is under way: the button reads "Signing in …" and takes no second press (nor a second
// Enter), which would post the password again and count twice against the sign-in limit.

export function holdWhileSigningIn(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return;
  const label = button.textContent ?? '';
  const hold = (busy: boolean) => {
    button.disabled = busy;
    button.textContent = busy ? (button.dataset.pending ?? label) : label;
    if (busy) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  };
  form.addEventListener('submit', (event) => {
    if (button.disabled) event.preventDefault();
    // The press is on its way already: a button disabled now still submits the form it belongs to.
    else hold(true);
  });
  // Back to this page from the next (the browser's page cache keeps it as it was left): usable again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) hold(false);
  });
}
