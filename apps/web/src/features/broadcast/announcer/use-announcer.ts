import {
  BROADCAST_VARS,
  type BroadcastSettingsRow,
  inQuietHours,
  renderTemplate,
  shanghaiClock,
  templateVars,
  UserType,
} from '@netbar/contract';
import { useEffect, useRef } from 'react';
import { useAppState } from '../../../lib/app-state';
import { onLiveMessage } from '../../../lib/live-events';
import { fetchBroadcastSubject } from '../api/broadcast-api';
import { useBroadcastSettings } from '../api/broadcast-queries';
import { announceQueue } from './announce-queue';
import { armChime } from './chime';
import { type Announcement, announcementsOf } from './event-words';
import { browserSpeechEnv, type SpeechEnv, speak } from './speech';

/** The words of an announcement, or null when the store does not announce it now. */
export async function wordsFor(
  a: Announcement,
  s: BroadcastSettingsRow | undefined,
  minute: number,
  subject: (machineId: number) => Promise<{ machine: string; member_name: string }> = fetchBroadcastSubject,
): Promise<string | null> {
  if (!s?.app_on) return null;
  const e = s.events.find((x) => x.event === a.event);
  if (!e?.enabled || inQuietHours(s, minute)) return null;
  const vars = { ...a.vars };
  if (vars.会员名 === undefined && a.machineId && templateVars(e.template).includes('会员名')) {
    vars.会员名 = await subject(a.machineId)
      .then((x) => x.member_name)
      .catch(() => '');
  }
  for (const v of BROADCAST_VARS[a.event]) vars[v] ??= '';
  return renderTemplate(e.template, vars) || null;
}

/**
 * The console-wide announcer (decision 189): while a store user is logged in, every live-channel frame
 * the store's settings announce is rendered and spoken (or chimed) through the one queue; nothing in
 * quiet hours, for a disabled event or while the app is off.
 */
export function useAnnouncer(env: SpeechEnv = browserSpeechEnv()): void {
  const user = useAppState((s) => s.user);
  const netbarLogin = useAppState((s) => s.netbarLogin);
  const enabled =
    !!user?.nid && (user.type === UserType.Netbar || user.type === UserType.NetbarStaff) && !netbarLogin;
  const { data } = useBroadcastSettings(enabled);
  const settings = useRef(data);
  settings.current = data;
  const envRef = useRef(env);

  useEffect(() => {
    if (!enabled) return undefined;
    const disarm = armChime();
    const off = onLiveMessage((m) => {
      for (const a of announcementsOf(m)) {
        const s = settings.current;
        announceQueue.push(async () => {
          const text = await wordsFor(a, s, shanghaiClock().minute);
          if (text && s) await speak(envRef.current, text, s, !a.chimed);
        });
      }
    });
    return () => {
      off();
      disarm();
    };
  }, [enabled]);
}
