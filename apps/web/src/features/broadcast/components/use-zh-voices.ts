import { useEffect, useState } from 'react';
import { zhVoices } from '../announcer/speech';

/** The browser's Chinese voices; Chromium loads them late, so the list follows `voiceschanged`. */
export function useZhVoices(): SpeechSynthesisVoice[] {
  const synth = typeof window === 'undefined' ? undefined : window.speechSynthesis;
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => zhVoices(synth));
  useEffect(() => {
    if (!synth?.addEventListener) return undefined;
    const update = () => setVoices(zhVoices(synth));
    update();
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, [synth]);
  return voices;
}
