/**
 * Toasts for code outside React trees (the request client, flows that navigate away). They use antd's
 * static notification/message, loaded on first use (pages that show no toast never download them), and
 * render into document.body, so a toast survives the navigation that follows it (e.g. after logout).
 * Tests may register their own implementation with setFeedback.
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
