import { slideshowOn } from '@netbar/contract';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useScreenPublic } from '../api/screen-queries';
import { CartView, SCREEN_CSS, ThanksView, WelcomeView } from '../components/screen-views';
import { Slideshow } from '../components/slideshow';
import { useScreenStream } from '../components/use-screen-stream';

/** Beijing's date and minute of the day now. */
function beijingNow(): { day: string; minute: number } {
  const d = new Date(Date.now() + 8 * 3600_000);
  return { day: d.toISOString().slice(0, 10), minute: d.getUTCHours() * 60 + d.getUTCMinutes() };
}

/**
 * /screen/<token> — the 副屏 (decision 191), public, opened full screen on the monitor facing the customer:
 * the slideshow while idle (within its dates and daily windows, else 欢迎光临), the 收银台's cart with the
 * amount due and its payment QR live, 谢谢惠顾 after payment. A bad or stopped link says so in Chinese.
 */
export default function ScreenPage() {
  const token = useParams().token ?? '';
  const info = useScreenPublic(token);
  const { state, revoked } = useScreenStream(token, info.isSuccess);
  const [now, setNow] = useState(beijingNow);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(beijingNow()), 30_000);
    const onFull = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onFull);
    return () => {
      clearInterval(timer);
      document.removeEventListener('fullscreenchange', onFull);
    };
  }, []);
  useEffect(() => {
    document.title = info.data ? `${info.data.store_name} · 副屏` : '副屏';
  }, [info.data]);

  if (info.isError || revoked)
    return (
      <div style={{ minHeight: '100vh', paddingTop: 120, background: '#f0f2f5' }}>
        <Result
          status="404"
          title="副屏链接无效或已停用"
          subTitle="请在「应用管理 › 副屏设置」中复制新的副屏链接"
        />
      </div>
    );
  if (!info.data)
    return (
      <div style={{ textAlign: 'center', paddingTop: 160 }}>
        <Spin />
      </div>
    );
  const d = info.data;
  const idle = state.stage === 'idle' || (state.stage !== 'paid' && !state.lines.length);
  const showSlides = d.slides.length > 0 && slideshowOn(d, now.day, now.minute);
  return (
    <div className="screen-root" data-testid="screen-root" data-stage={idle ? 'idle' : state.stage}>
      <style>{SCREEN_CSS}</style>
      {state.stage === 'paid' ? (
        <ThanksView s={state} />
      ) : !idle ? (
        <CartView s={state} />
      ) : showSlides ? (
        <Slideshow slides={d.slides} />
      ) : (
        <WelcomeView store={d.store_name} />
      )}
      {!full && typeof document.documentElement.requestFullscreen === 'function' && (
        <Button
          className="screen-full"
          size="small"
          onClick={() => void document.documentElement.requestFullscreen()}
        >
          全屏
        </Button>
      )}
    </div>
  );
}
