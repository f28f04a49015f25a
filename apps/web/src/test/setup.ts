import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import message from 'antd/es/message';
import notification from 'antd/es/notification';
import { afterAll, afterEach, vi } from 'vitest';
import { reloadAppState } from '../lib/app-state';
import { httpInstance } from '../lib/http';

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

// jsdom computes a style from every style sheet in the document, and antd's CSS-in-JS puts ~60 sheets in
// it: one role query over a table took seconds, and a failed one (it lists every role) up to 50 s. CSS is
// off in these tests (`css: false`), so what a test may assert about visibility is what the markup says:
// inline styles and the `hidden` attribute, which the element's own style declaration carries. So the
// computed style is that declaration (decision 157).
window.getComputedStyle = (elt: Element) => (elt as HTMLElement).style ?? document.createElement('div').style;

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// The web tests share one module registry per worker (`isolate: false`, decision 157): what a file leaves
// in the app's singletons (the signed-in user, the request adapter a test mocked, fake timers, spies)
// is reset so the next file starts as if alone.
const realAdapter = httpInstance.defaults.adapter;
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  reloadAppState();
  vi.useRealTimers();
});

// React's scheduler may still hold a render (a navigation, a toast) when the last test ends; let it run
// while jsdom's window exists, or it throws 'window is not defined' after the environment is torn down.
// antd's static toasts (lib/feedback.ts) close themselves 3-4.5 s later with a render of their own: they
// are removed first, so no timer outlives the file (CI once caught that render after teardown).
afterAll(async () => {
  cleanup();
  message.destroy();
  notification.destroy();
  httpInstance.defaults.adapter = realAdapter;
  vi.restoreAllMocks();
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
});
