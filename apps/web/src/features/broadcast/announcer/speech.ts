import type { BroadcastSettings } from '@netbar/contract';
import { CHIME_MS, playChime } from './chime';

/**
 * Speaking one announcement (decision 189): window.speechSynthesis in zh-CN with the store's voice, rate
 * and volume, `repeat` times; the chime instead where the browser has no Chinese voice or speech fails.
 * Everything the browser provides comes in through `SpeechEnv`, so tests pass a fake.
 */
export interface SpeechEnv {
  synth?: Pick<SpeechSynthesis, 'speak' | 'cancel' | 'getVoices'>;
  makeUtterance?: (text: string) => SpeechSynthesisUtterance;
  chime: (volume: number) => boolean;
  wait: (ms: number) => Promise<void>;
}

export function browserSpeechEnv(): SpeechEnv {
  const w = typeof window === 'undefined' ? undefined : window;
  return {
    synth: w?.speechSynthesis,
    makeUtterance:
      w && typeof w.SpeechSynthesisUtterance === 'function'
        ? (text) => new w.SpeechSynthesisUtterance(text)
        : undefined,
    chime: playChime,
    wait: (ms) => new Promise((r) => setTimeout(r, ms)),
  };
}

/** The browser's Chinese voices, zh-CN first (zh-TW, zh-HK and the like after). */
export function zhVoices(synth: SpeechEnv['synth']): SpeechSynthesisVoice[] {
  let all: SpeechSynthesisVoice[] = [];
  try {
    all = synth?.getVoices() ?? [];
  } catch {
    all = [];
  }
  const zh = all.filter((v) => /^zh([-_]|$)/i.test(v.lang));
  const cn = (v: SpeechSynthesisVoice) => (/^zh[-_]cn$/i.test(v.lang) ? 0 : 1);
  return [...zh].sort((a, b) => cn(a) - cn(b));
}

/** The store's voice by name, else the first Chinese voice; undefined when there is none. */
export function pickVoice(voices: SpeechSynthesisVoice[], name: string): SpeechSynthesisVoice | undefined {
  return (name && voices.find((v) => v.name === name)) || voices[0];
}

/** An utterance gets this long at most (then the queue moves on even if the browser never says 'end'). */
export const maxSpeechMs = (text: string, rate: number) =>
  Math.round(3000 + ([...text].length * 350) / Math.max(0.5, rate));

type Voice = Pick<BroadcastSettings, 'voice' | 'rate' | 'volume' | 'repeat'>;

function speakOnce(env: SpeechEnv, voice: SpeechSynthesisVoice, text: string, s: Voice): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(ok);
    };
    const timer = setTimeout(() => finish(true), maxSpeechMs(text, s.rate));
    try {
      const u = env.makeUtterance!(text);
      u.lang = 'zh-CN';
      try {
        u.voice = voice;
      } catch {
        /* a voice the browser will not take: zh-CN picks its own */
      }
      u.rate = s.rate;
      u.volume = s.volume / 100;
      u.onend = () => finish(true);
      u.onerror = (e) => finish((e as SpeechSynthesisErrorEvent).error === 'interrupted');
      env.synth!.speak(u);
    } catch {
      finish(false);
    }
  });
}

/** How an announcement was made: spoken, chimed, or not at all (no voice and sound not yet allowed). */
export type Spoken = 'speech' | 'chime' | 'none';

/**
 * Speaks `text` `repeat` times, or chimes once when there is no Chinese voice or speech fails (unless
 * `chime` is false: the console already sounded its own chime for the event).
 */
export async function speak(env: SpeechEnv, text: string, s: Voice, chime = true): Promise<Spoken> {
  const voice = env.synth && env.makeUtterance ? pickVoice(zhVoices(env.synth), s.voice) : undefined;
  if (voice && text) {
    let ok = true;
    for (let i = 0; i < s.repeat && ok; i++) ok = await speakOnce(env, voice, text, s);
    if (ok) return 'speech';
  }
  if (!chime || !env.chime(s.volume / 100)) return 'none';
  await env.wait(CHIME_MS);
  return 'chime';
}
