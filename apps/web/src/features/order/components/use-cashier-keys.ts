import { useEffect, useRef } from 'react';

export interface CashierKeys {
  focusBarcode: () => void;
  focusMember: () => void;
  focusSearch: () => void;
  pay: () => void;
  step: (by: number) => void;
  remove: () => void;
  move: (by: number) => void;
  clear: () => void;
}

/** Whether the key press is typing into a text box (where + − and Delete belong to the text). */
function typing(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement) return true;
  return t instanceof HTMLInputElement && t.value !== '';
}

/**
 * The 收银台's keys, on the window while no dialog is open: F1 barcode, F2 member, F3 search, F4 pay;
 * + / − the selected line's quantity, Delete removes it, ↑ / ↓ select a line (outside a box with text;
 * the number pad's + and − always); Ctrl+Delete clears the cart.
 */
export function useCashierKeys(enabled: boolean, keys: CashierKeys) {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.isComposing || e.altKey || e.metaKey) return;
      // a dialog (payment, shift, seat order) has its own keys
      if ((e.target as Element | null)?.closest?.('[role="dialog"]')) return;
      const k = ref.current;
      const fn: Record<string, () => void> = {
        F1: k.focusBarcode,
        F2: k.focusMember,
        F3: k.focusSearch,
        F4: k.pay,
      };
      const f = fn[e.key];
      if (f) {
        e.preventDefault();
        f();
        return;
      }
      if (e.key === 'Delete' && e.ctrlKey) {
        e.preventDefault();
        k.clear();
        return;
      }
      if (e.ctrlKey) return;
      const pad = e.code === 'NumpadAdd' || e.code === 'NumpadSubtract';
      if (!pad && typing(e)) return;
      if (e.key === '+' || e.key === '=') k.step(1);
      else if (e.key === '-') k.step(-1);
      else if (e.key === 'Delete') k.remove();
      else if (e.key === 'ArrowUp') k.move(-1);
      else if (e.key === 'ArrowDown') k.move(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
