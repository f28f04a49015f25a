/**
 * A holder for the antd feedback functions. `app/providers.tsx` registers the context-aware instances
 * from `App.useApp()`; code outside React (the request client) calls through here.
 */
export interface Feedback {
  error: (msg: string) => void;
  success: (msg: string) => void;
}

let current: Feedback | null = null;
const pending: { kind: keyof Feedback; msg: string }[] = [];

export function setFeedback(next: Feedback | null): void {
  current = next;
  if (!next) return;
  for (const item of pending.splice(0)) next[item.kind](item.msg);
}

function call(kind: keyof Feedback, msg: string): void {
  if (current) current[kind](msg);
  else pending.push({ kind, msg });
}

export const feedback: Feedback = {
  error: (msg) => call('error', msg),
  success: (msg) => call('success', msg),
};
