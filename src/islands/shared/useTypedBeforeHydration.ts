// A field of a server-rendered island can be typed into before the island hydrates: islands hydrate on
// intent, and the focus that starts the typing is what starts the loading. React keeps the text in
// the DOM but starts from its own state; this hands the typed text to the state once the island is
// live, so what the shopper typed is what the island shows, checks and sends.
import { useEffect, type Dispatch, type RefObject, type SetStateAction } from 'react';

export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | null>, setValue: Dispatch<SetStateAction<string>>): void {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined) setValue((value) => (typed === value ? value : typed));
  }, [field, setValue]);
}
