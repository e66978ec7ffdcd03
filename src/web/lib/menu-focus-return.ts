import { useRef } from 'react';

/**
 * A dialog opened from a menu gives focus back to that menu's button when it closes: the menu item
 * that opened it is gone by then, so the dialog's own focus return would reach the page body.
 * Call `remember` as the dialog opens (the menu is still open) and `restore` when it closes.
 */
export function useMenuFocusReturn() {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      returnTo.current = document.querySelector<HTMLElement>('[aria-haspopup="menu"][aria-expanded="true"]');
    },
    restore: () => {
      const el = returnTo.current;
      returnTo.current = null;
      // after the dialog's own focus return, which runs as it unmounts
      if (el) setTimeout(() => el.isConnected && el.focus(), 50);
    },
  };
}
