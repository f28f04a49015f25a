import {
  type BroadcastSettingsRow,
  ConsoleKind,
  defaultBroadcastSettings,
  inQuietHours,
  MessageKind,
  minuteOfDay,
  renderTemplate,
  unknownVar,
  type WsOutbound,
} from '@netbar/contract';
import { describe, expect, it, vi } from 'vitest';
import { createAnnounceQueue } from './announce-queue';
import { announcementsOf } from './event-words';
import { type SpeechEnv, speak, zhVoices } from './speech';
import { wordsFor } from './use-announcer';

const settings = (over: Partial<BroadcastSettingsRow> = {}): BroadcastSettingsRow => ({
  ...defaultBroadcastSettings(),
  saved: true,
  app_on: true,
  updated_at: '',
  updated_by: '',
  ...over,
});
const buy = (machine_id: number | null = 7): WsOutbound =>
  ({
    type: MessageKind.BUY,
    id: 1,
    machine_id,
    machine: 'A01',
    payload: {
      items: [
        { name: '可乐', qty: 2, price_fen: 400 },
        { name: '泡面', qty: 1, price_fen: 450 },
      ],
      total_fen: 1250,
      remark: '',
    },
    created_at: '2026-11-29 10:00:00',
    acked_at: null,
    acked_by_name: '',
  }) as WsOutbound;
const NOON = minuteOfDay('12:00');

describe('the template renderer', () => {
  it('fills each variable and leaves missing ones empty', () => {
    expect(
      renderTemplate('{机器号}号机{会员名}点单：{商品}', { 机器号: 'A01', 会员名: '张**', 商品: '可乐2份' }),
    ).toBe('A01号机张**点单：可乐2份');
    expect(renderTemplate('{机器号}号机呼叫{内容}', { 机器号: 'B12' })).toBe('B12号机呼叫');
    expect(unknownVar('seat_order', '{机器号}{桌号}')).toBe('桌号');
    expect(unknownVar('birthday', '{会员名}生日快乐')).toBeUndefined();
    expect(unknownVar('birthday', '{剩余分钟}')).toBe('剩余分钟');
  });

  it('renders a seat order from the live frame, the masked member looked up only when the template asks', async () => {
    const [a] = announcementsOf(buy());
    const subject = vi.fn(async () => ({ machine: 'A01', member_name: '李*' }));
    const plain = settings();
    expect(await wordsFor(a!, plain, NOON, subject)).toBe('A01号机点单，可乐2份、泡面1份，请及时送达');
    expect(subject).not.toHaveBeenCalled();
    const named = settings({
      events: plain.events.map((e) =>
        e.event === 'seat_order' ? { ...e, template: '{机器号}号机{会员名}点单{金额}' } : e,
      ),
    });
    expect(await wordsFor(a!, named, NOON, subject)).toBe('A01号机李*点单12.50元');
    expect(subject).toHaveBeenCalledWith(7);
  });

  it('announces each live-draw winner with a masked name, and nothing for other frames', () => {
    const draw = {
      type: ConsoleKind.DRAW,
      activity_id: 3,
      name: '周末抽奖',
      drawn_at: '',
      candidates: 5,
      winners: [
        { member_id: 1, member_name: '张三丰', prize_name: '10元网费' },
        { member_id: 2, member_name: '李四', prize_name: '可乐' },
      ],
    } as WsOutbound;
    expect(announcementsOf(draw).map((a) => a.vars.会员名)).toEqual(['张**', '李*']);
    expect(announcementsOf({ type: ConsoleKind.SEATS, ids: [1] })).toEqual([]);
  });

  it('speaks 余额不足 and 会员生日 from their frames with the masked name the server sent', async () => {
    const low = announcementsOf({
      type: ConsoleKind.BALANCE_LOW,
      machine_id: 3,
      machine: 'B07',
      member_name: '王*',
      minutes_left: 9,
    });
    expect(await wordsFor(low[0]!, settings(), NOON)).toBe('B07号机余额不足，约剩9分钟');
    const born = announcementsOf({
      type: ConsoleKind.BIRTHDAY,
      machine_id: 3,
      machine: 'B07',
      member_name: '王*',
    });
    expect(await wordsFor(born[0]!, settings(), NOON)).toBe('王*生日快乐，欢迎光临');
  });

  it('says nothing for a disabled event or while the app is off', async () => {
    const [a] = announcementsOf(buy());
    const off = settings({ events: settings().events.map((e) => ({ ...e, enabled: false })) });
    expect(await wordsFor(a!, off, NOON)).toBeNull();
    expect(await wordsFor(a!, settings({ app_on: false }), NOON)).toBeNull();
    expect(await wordsFor(a!, undefined, NOON)).toBeNull();
  });
});

describe('quiet hours', () => {
  const q = (start: string, end: string) => ({ quiet_enabled: true, quiet_start: start, quiet_end: end });
  it('cross midnight: 23:00-08:00 is quiet at 23:00, 02:00 and 07:59, not at 08:00 or noon', () => {
    const s = q('23:00', '08:00');
    expect(['23:00', '23:59', '00:00', '02:00', '07:59'].map((t) => inQuietHours(s, minuteOfDay(t)))).toEqual(
      [true, true, true, true, true],
    );
    expect(['08:00', '12:00', '22:59'].map((t) => inQuietHours(s, minuteOfDay(t)))).toEqual([
      false,
      false,
      false,
    ]);
  });
  it('within a day, and never when switched off', async () => {
    expect(inQuietHours(q('13:00', '14:00'), minuteOfDay('13:30'))).toBe(true);
    expect(inQuietHours(q('13:00', '14:00'), minuteOfDay('14:00'))).toBe(false);
    expect(inQuietHours({ ...q('00:00', '23:59'), quiet_enabled: false }, NOON)).toBe(false);
    const [a] = announcementsOf(buy());
    const s = settings({ quiet_enabled: true, quiet_start: '23:00', quiet_end: '08:00' });
    expect(await wordsFor(a!, s, minuteOfDay('01:30'))).toBeNull();
    expect(await wordsFor(a!, s, NOON)).not.toBeNull();
  });
});

/** A fake speechSynthesis: voices given, every utterance recorded and ended at once (or failing). */
function fakeEnv(voices: Partial<SpeechSynthesisVoice>[], fail = false) {
  const spoken: SpeechSynthesisUtterance[] = [];
  const chime = vi.fn(() => true);
  const env: SpeechEnv = {
    synth: {
      getVoices: () => voices as SpeechSynthesisVoice[],
      cancel: () => {},
      speak: (u) => {
        spoken.push(u);
        setTimeout(
          () => (fail ? u.onerror?.({ error: 'synthesis-failed' } as never) : u.onend?.({} as never)),
          1,
        );
      },
    },
    makeUtterance: (text) => ({ text }) as SpeechSynthesisUtterance,
    chime,
    wait: async () => {},
  };
  return { env, spoken, chime };
}
const voice = { voice: '', rate: 1.2, volume: 80, repeat: 2 };

describe('speaking', () => {
  it('speaks in zh-CN with the first Chinese voice, the rate, volume and repeat count', async () => {
    const f = fakeEnv([
      { name: 'English', lang: 'en-US' },
      { name: '粤语', lang: 'zh-HK' },
      { name: '晓晓', lang: 'zh-CN' },
    ]);
    expect(zhVoices(f.env.synth).map((v) => v.name)).toEqual(['晓晓', '粤语']);
    expect(await speak(f.env, 'A01号机点单', voice)).toBe('speech');
    expect(f.spoken.map((u) => [u.text, u.lang, u.voice?.name, u.rate, u.volume])).toEqual([
      ['A01号机点单', 'zh-CN', '晓晓', 1.2, 0.8],
      ['A01号机点单', 'zh-CN', '晓晓', 1.2, 0.8],
    ]);
    expect(f.chime).not.toHaveBeenCalled();
    const named = fakeEnv([
      { name: '晓晓', lang: 'zh-CN' },
      { name: '云希', lang: 'zh-CN' },
    ]);
    await speak(named.env, '你好', { ...voice, voice: '云希', repeat: 1 });
    expect(named.spoken[0]!.voice?.name).toBe('云希');
  });

  it('chimes when the browser has no Chinese voice, when speech fails, or has no speechSynthesis at all', async () => {
    const none = fakeEnv([{ name: 'English', lang: 'en-US' }]);
    expect(await speak(none.env, 'A01号机点单', voice)).toBe('chime');
    expect(none.spoken).toEqual([]);
    expect(none.chime).toHaveBeenCalledWith(0.8);
    const failing = fakeEnv([{ name: '晓晓', lang: 'zh-CN' }], true);
    expect(await speak(failing.env, 'A01号机点单', voice)).toBe('chime');
    expect(failing.spoken.length).toBe(1);
    // a seat order or call: the inbox has chimed already, so no second chime
    const quiet = fakeEnv([{ name: 'English', lang: 'en-US' }]);
    expect(await speak(quiet.env, 'A01号机点单', voice, false)).toBe('none');
    expect(quiet.chime).not.toHaveBeenCalled();
    expect(announcementsOf(buy()).map((a) => a.chimed)).toEqual([true]);
    const bare: SpeechEnv = { chime: vi.fn(() => false), wait: async () => {} };
    expect(await speak(bare, 'A01号机点单', voice)).toBe('none');
  });

  it('queues announcements so they never overlap', async () => {
    const q = createAnnounceQueue(2);
    const log: string[] = [];
    const job = (n: string) => async () => {
      log.push(`start ${n}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${n}`);
    };
    expect(q.push(job('a'))).toBe(true);
    expect(q.push(job('b'))).toBe(true);
    expect(q.push(job('c'))).toBe(false);
    await q.idle();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });
});
