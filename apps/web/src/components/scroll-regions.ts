/**
 * Keyboard access to scrolled tables (WCAG 2.1.1): antd gives a table scrolled sideways
 * (`scroll={{ x }}`) or in height (`scroll={{ y }}`) a scroll container that the keyboard cannot reach.
 * Installed once at start-up, this makes every such container a named, focusable region, so that Tab
 * reaches it and the arrow keys scroll it: on every page, without touching the pages.
 */
const SCROLLERS = '.ant-table-content[style*="overflow"], .ant-table-body';

function nameOf(el: HTMLElement): string {
  const title = el.closest('.ant-card')?.querySelector('.ant-card-head-title')?.textContent?.trim();
  return title ? `${title}表格（可用方向键滚动）` : '数据表格（可用方向键滚动）';
}

export function markScrollRegions(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (el.hasAttribute('tabindex')) continue;
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', nameOf(el));
  }
}

/** Watches the document (batched to one pass per frame); returns the stop function. */
export function installScrollRegions(root: HTMLElement = document.body): () => void {
  let queued = false;
  const pass = () => {
    queued = false;
    markScrollRegions(root);
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(pass);
  });
  observer.observe(root, { childList: true, subtree: true });
  markScrollRegions(root);
  return () => observer.disconnect();
}
