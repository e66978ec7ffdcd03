import { useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'refused';

/** Selects the text of an element, so that Ctrl+C copies it when the clipboard was refused. */
export function selectTextOf(element: Element | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  selection.removeAllRanges();
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.addRange(range);
}

/**
 * Copies a text and says how it went: 'copied' (for `timeout` ms), or 'refused' when the browser has no
 * clipboard (plain http) or refuses it; `onRefused` then offers the fallback (e.g. selects the text).
 */
export function useCopyText(timeout = 4000) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async (text: string, onRefused?: () => void) => {
    window.clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), timeout);
    } catch {
      setState('refused');
      onRefused?.();
    }
  };
  return { state, copy };
}
