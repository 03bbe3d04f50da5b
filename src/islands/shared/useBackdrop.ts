// Closing a dialog by clicking its backdrop, but only for a click that also started there: selecting
// text in a field and releasing the mouse outside must not throw the form away.
import { useRef, type MouseEvent } from 'react';

export function useBackdrop(onClose: () => void) {
  const pressedOnBackdrop = useRef(false);
  return {
    onMouseDown: (e: MouseEvent<HTMLElement>) => {
      pressedOnBackdrop.current = e.target === e.currentTarget;
    },
    onClick: (e: MouseEvent<HTMLElement>) => {
      if (pressedOnBackdrop.current && e.target === e.currentTarget) onClose();
      pressedOnBackdrop.current = false;
    },
  };
}
