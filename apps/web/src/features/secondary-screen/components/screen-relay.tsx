import type { ScreenPushBody } from '@netbar/contract';
import { useEffect } from 'react';
import { onCustomerDisplay } from '../../../lib/customer-display';
import { pushScreenState } from '../api/screen-api';

/** A burst of scans or keys becomes one push: the last state after this pause. */
export const RELAY_DEBOUNCE_MS = 150;

/**
 * Sends what the 收银台 shows to the store's 副屏 (decision 191): mounted once in the header, renders
 * nothing; pushes only while a 收银台 publishes, the last state after a short pause, never twice the same.
 */
export function ScreenRelay() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: ScreenPushBody | undefined;
    let sent = '';
    const flush = () => {
      timer = undefined;
      if (!pending) return;
      const text = JSON.stringify(pending);
      const body = pending;
      pending = undefined;
      if (text === sent) return;
      sent = text;
      void pushScreenState(body).catch(() => {
        sent = '';
      });
    };
    const off = onCustomerDisplay((s) => {
      pending = s;
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, RELAY_DEBOUNCE_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
      flush();
    };
  }, []);
  return null;
}
