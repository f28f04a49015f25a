import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import message from 'antd/es/message';
import notification from 'antd/es/notification';
import { afterAll, afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s: antd's lazy toasts and animations are slow when the machine is busy
// (the whole suite runs in parallel), and the default 1 s made tests fail by timing alone.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs antd relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// React's scheduler may still hold a render (a navigation, a toast) when the last test ends; let it run
// while jsdom's window exists, or it throws 'window is not defined' after the environment is torn down.
// antd's static toasts (lib/feedback.ts) close themselves 3-4.5 s later with a render of their own: they
// are removed first, so no timer outlives the file (CI once caught that render after teardown).
afterAll(async () => {
  cleanup();
  message.destroy();
  notification.destroy();
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
});
