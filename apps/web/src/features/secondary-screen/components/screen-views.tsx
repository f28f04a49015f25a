import { fenToYuan, type ScreenState } from '@netbar/contract';
import { QRCodeSVG } from 'qrcode.react';

/** 购物车 and 请付款: the lines as the 收银台 shows them, the amount due, and the QR to scan if any. */
export function CartView({ s }: { s: ScreenState }) {
  const count = s.lines.reduce((n, l) => n + l.qty, 0);
  return (
    <div className="screen-cart" data-testid="screen-cart">
      <div className="screen-lines">
        <div className="screen-head">
          <span>{s.stage === 'pay' ? '请付款' : '您的商品'}</span>
          {s.member_name && <span className="screen-member">会员：{s.member_name}</span>}
        </div>
        <table>
          <tbody>
            {s.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are shown in the cashier's order
              <tr key={i}>
                <td className="screen-name">{l.name}</td>
                <td className="screen-qty">×{l.qty}</td>
                <td className="screen-amount">¥{fenToYuan(l.amount_fen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="screen-side">
        <div className="screen-figure">
          共 {count} 件 · 原价 ¥{fenToYuan(s.list_fen)}
        </div>
        {s.saving_fen > 0 && <div className="screen-saving">已优惠 ¥{fenToYuan(s.saving_fen)}</div>}
        <div className="screen-total-label">应付金额</div>
        <output className="screen-total" data-testid="screen-total">
          ¥{fenToYuan(s.total_fen)}
        </output>
        {s.stage === 'pay' && s.qr && (
          <div className="screen-qr" data-testid="screen-qr">
            <QRCodeSVG value={s.qr.payload} size={260} marginSize={2} title={`${s.qr.label}扫码付款`} />
            <div>请使用{s.qr.label}扫码付款</div>
          </div>
        )}
      </div>
    </div>
  );
}

export function ThanksView({ s }: { s: ScreenState }) {
  return (
    <div className="screen-center" data-testid="screen-thanks">
      <div className="screen-big">谢谢惠顾</div>
      <div className="screen-sub">
        实付 ¥{fenToYuan(s.total_fen)}
        {s.change_fen ? ` · 找零 ¥${fenToYuan(s.change_fen)}` : ''}
      </div>
      <div className="screen-sub">欢迎再次光临</div>
    </div>
  );
}

export function WelcomeView({ store }: { store: string }) {
  return (
    <div className="screen-center" data-testid="screen-welcome">
      <div className="screen-big">欢迎光临</div>
      <div className="screen-sub">{store}</div>
    </div>
  );
}

export const SCREEN_CSS = `
.screen-root{position:fixed;inset:0;background:#0b1220;color:#f5f7fa;font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;overflow:hidden;cursor:default}
.screen-slide{position:absolute;inset:0;background:#000}
.screen-center{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:18px}
.screen-big{font-size:96px;font-weight:700;letter-spacing:8px;color:#ffd666}
.screen-sub{font-size:32px;color:#d9e2ef}
.screen-cart{position:absolute;inset:0;display:flex;gap:32px;padding:40px}
.screen-lines{flex:1.4;background:#141d2e;border-radius:16px;padding:28px 32px;overflow:hidden}
.screen-head{display:flex;justify-content:space-between;font-size:34px;font-weight:600;margin-bottom:18px;color:#ffd666}
.screen-member{font-size:26px;color:#d9e2ef;font-weight:400}
.screen-lines table{width:100%;border-collapse:collapse;font-size:30px}
.screen-lines td{padding:12px 4px;border-bottom:1px solid #24324a}
.screen-qty{width:110px;text-align:center;color:#aab8cc}.screen-amount{width:200px;text-align:right}
.screen-side{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;background:#141d2e;border-radius:16px;padding:28px;gap:10px}
.screen-figure{font-size:26px;color:#aab8cc}.screen-saving{font-size:28px;color:#ff7875}
.screen-total-label{font-size:30px;margin-top:12px}
.screen-total{font-size:88px;font-weight:700;color:#ffd666;line-height:1.1}
.screen-qr{margin-top:16px;text-align:center;font-size:26px}.screen-qr svg{background:#fff;border-radius:8px;display:block;margin:0 auto 10px}
.screen-full{position:absolute;right:16px;bottom:16px;opacity:.35;z-index:2}
`;
