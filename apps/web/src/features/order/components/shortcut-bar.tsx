const KEYS: [string, string][] = [
  ['F1', '扫码'],
  ['F3', '搜索'],
  ['F2', '会员'],
  ['F4', '结账'],
  ['↑ ↓', '选择商品行'],
  ['+ −', '数量'],
  ['Delete', '删除行'],
  ['Ctrl+Delete', '清空'],
  ['Enter', '确认'],
  ['Esc', '关闭'],
];

/** The 收银台's keys, in Chinese, always on screen. */
export function ShortcutBar() {
  return (
    <section className="cashier-keys" aria-label="快捷键">
      {KEYS.map(([k, label]) => (
        <span key={k}>
          <kbd>{k}</kbd>
          {label}
        </span>
      ))}
    </section>
  );
}
