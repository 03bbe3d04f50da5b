// When My Items' toolbar sends its GET form once the island is live: a category, sort or page size
// as it is chosen, the text filter after a pause in typing (asking the answering page to put the caret
// back in the field, which it then does and drops from the URL). Apart from MyItemsToolbar.tsx,
// which lays the form out.
import { useEffect, useRef } from 'react';
import { MY_ITEMS_FILTER_DEBOUNCE_MS, MY_ITEMS_FOCUS_PARAM } from '#lib/account/my-items.ts';

export function useToolbarApply() {
  const form = useRef<HTMLFormElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.has(MY_ITEMS_FOCUS_PARAM)) {
      // The caret at the end of what was typed, and the URL without the request for it.
      const field = form.current?.elements.namedItem('q');
      if (field instanceof HTMLInputElement) field.setSelectionRange(field.value.length, field.value.length);
      url.searchParams.delete(MY_ITEMS_FOCUS_PARAM);
      history.replaceState(history.state, '', url);
    }
    return () => clearTimeout(typing.current);
  }, []);
  const apply = (fromTyping = false) => {
    clearTimeout(typing.current);
    const focus = form.current?.elements.namedItem(MY_ITEMS_FOCUS_PARAM);
    if (focus instanceof HTMLInputElement) focus.disabled = !fromTyping;
    form.current?.requestSubmit();
  };
  const typed = () => {
    clearTimeout(typing.current);
    typing.current = setTimeout(() => apply(true), MY_ITEMS_FILTER_DEBOUNCE_MS);
  };
  return { form, apply, typed };
}
