import type { ScreenSlide } from '@netbar/contract';
import { useEffect, useState } from 'react';

/** The idle slideshow: each image for its seconds, each video (muted) to its end, round and round. */
export function Slideshow({ slides }: { slides: ScreenSlide[] }) {
  const [i, setI] = useState(0);
  const at = slides.length ? i % slides.length : 0;
  const slide = slides[at];
  const next = () => setI(i + 1);
  // an image moves on after its seconds (a new index restarts the timer, even for the same file)
  const imageSeconds = slide?.kind === 'image' && slides.length > 1 ? slide.seconds : 0;
  useEffect(() => {
    if (!imageSeconds) return;
    const timer = setTimeout(() => setI(i + 1), imageSeconds * 1000);
    return () => clearTimeout(timer);
  }, [imageSeconds, i]);
  if (!slide) return null;
  const fill = { width: '100%', height: '100%', objectFit: 'contain' as const, display: 'block' };
  return (
    <div className="screen-slide" data-testid="screen-slide" data-index={at}>
      {slide.kind === 'image' ? (
        <img key={`${at}-${slide.url}`} src={slide.url} alt={`轮播图片${at + 1}`} style={fill} />
      ) : (
        <video
          key={`${at}-${slide.url}`}
          src={slide.url}
          style={fill}
          autoPlay
          muted
          playsInline
          loop={slides.length < 2}
          onEnded={next}
          onError={next}
        />
      )}
    </div>
  );
}
