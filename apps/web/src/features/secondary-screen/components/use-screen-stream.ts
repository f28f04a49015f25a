import { IDLE_SCREEN, SCREEN_LIMITS, type ScreenState } from '@netbar/contract';
import { useEffect, useState } from 'react';
import { screenStreamUrl } from '../api/screen-api';

export interface StreamView {
  state: ScreenState;
  /** The link was stopped or replaced while open: the page says so. */
  revoked: boolean;
}

/**
 * The 收银台's states for this screen (server-sent events; EventSource reconnects by itself). 谢谢惠顾
 * stays SCREEN_LIMITS.thanksMs even when the cashier goes idle at once; a new cart replaces it. A cart or
 * payment older than SCREEN_LIMITS.staleMs (by its server time `at`; a replayed one included) is not shown,
 * and one shown goes idle when it reaches that age without a newer state.
 */
export function useScreenStream(token: string, enabled: boolean): StreamView {
  const [state, setState] = useState<ScreenState>(IDLE_SCREEN);
  const [revoked, setRevoked] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const es = new EventSource(screenStreamUrl(token));
    let thanksUntil = 0;
    let later: ReturnType<typeof setTimeout> | undefined;
    es.addEventListener('state', (e) => {
      let next: ScreenState;
      try {
        next = JSON.parse((e as MessageEvent<string>).data) as ScreenState;
      } catch {
        return;
      }
      if (later) clearTimeout(later);
      if (next.stage === 'paid') {
        thanksUntil = Date.now() + SCREEN_LIMITS.thanksMs;
        setState(next);
        later = setTimeout(() => setState(IDLE_SCREEN), SCREEN_LIMITS.thanksMs);
      } else if (next.stage === 'idle' && Date.now() < thanksUntil) {
        later = setTimeout(() => setState(IDLE_SCREEN), thanksUntil - Date.now());
      } else if (next.stage === 'idle') setState(next);
      else {
        // a clock ahead of the screen's counts as age 0
        const left = SCREEN_LIMITS.staleMs - Math.max(0, Date.now() - next.at);
        if (left <= 0) {
          setState(IDLE_SCREEN);
          return;
        }
        setState(next);
        later = setTimeout(() => setState(IDLE_SCREEN), left);
      }
    });
    es.addEventListener('revoked', () => {
      setRevoked(true);
      es.close();
    });
    return () => {
      if (later) clearTimeout(later);
      es.close();
    };
  }, [token, enabled]);
  return { state, revoked };
}
