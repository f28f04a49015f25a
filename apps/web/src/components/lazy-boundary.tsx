import { Component, type ReactNode } from 'react';
import { feedback } from '../lib/feedback';

interface State {
  failed: boolean;
}

/**
 * For small lazily loaded parts of a page (a dialog, a popover): if the chunk fails to load, say so in a
 * toast and render nothing, instead of taking the whole page down.
 */
export class LazyBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(): void {
    feedback.error('页面加载失败，请刷新重试');
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
