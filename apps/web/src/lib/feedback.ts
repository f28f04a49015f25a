/**
 * Toasts for code outside React (the request client). The console layout registers the context-aware
 * antd instances from `App.useApp()`; before that (login page) the antd notification module is loaded on
 * first use, so pages that show no error never download it.
 */
export interface Feedback {
  error: (msg: string) => void;
  success: (msg: string) => void;
}

let current: Feedback | null = null;

export function setFeedback(next: Feedback | null): void {
  current = next;
}

async function fallback(kind: keyof Feedback, msg: string): Promise<void> {
  if (kind === 'error') {
    const { default: notification } = await import('antd/es/notification');
    notification.error({ title: msg, closable: true, duration: 4.5, placement: 'top' });
  } else {
    const { default: message } = await import('antd/es/message');
    message.success(msg);
  }
}

function call(kind: keyof Feedback, msg: string): void {
  if (current) current[kind](msg);
  else void fallback(kind, msg);
}

export const feedback: Feedback = {
  error: (msg) => call('error', msg),
  success: (msg) => call('success', msg),
};

/** Closable error notification settings shared by every registered instance. */
export const ERROR_TOAST = { closable: true, duration: 4.5, placement: 'top' } as const;
