import type { ScreenPushBody } from '@netbar/contract';

/**
 * What the 收银台 shows its customer, handed to whoever relays it to the store's 副屏 (decision 191). The
 * order feature publishes here; the secondary-screen feature's relay (mounted in the header) sends it,
 * debounced. Features never import each other: this is their meeting point, as live-events.ts is.
 */
type Listener = (s: ScreenPushBody) => void;
const listeners = new Set<Listener>();
/** The payment QR the 等待付款 dialog shows, merged into the cashier's state while it is open. */
let qr: ScreenPushBody['qr'];
let last: ScreenPushBody | undefined;

function emit() {
  if (!last) return;
  const s: ScreenPushBody = last.stage === 'pay' && qr ? { ...last, qr } : last;
  for (const fn of listeners) {
    try {
      fn(s);
    } catch {
      /* a listener's failure never stops the cashier */
    }
  }
}

export function onCustomerDisplay(fn: Listener): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

export function showToCustomer(s: ScreenPushBody): void {
  last = s;
  emit();
}

export function showPayQr(next: ScreenPushBody['qr']): void {
  qr = next;
  emit();
}
