// A field of a server-rendered island can be typed into before the island hydrates: islands hydrate on
// intent, and the focus that starts the typing is what starts the loading. React keeps the text in the
// field but starts from the state of the server's props, and its first render after hydration (a store
// read once mounted, say) would put that state back into the field. This hands the typed text to the
// state as hydration commits, before any such render: what the shopper typed is what the island shows,
// checks and sends, however their typing and the loading interleave.
import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';

export function useTypedBeforeHydration<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: string | undefined,
  onChange: ((value: string) => void) | undefined,
): RefObject<E | null> {
  const field = useRef<E>(null);
  const takeTyped = useEffectEvent(() => {
    const typed = field.current?.value;
    if (onChange && value !== undefined && typed !== undefined && typed !== value) onChange(typed);
  });
  // A layout effect runs as the hydration commits; later ones could come after that render.
  useLayoutEffect(() => takeTyped(), []);
  return field;
}
