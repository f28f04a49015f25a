import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Slideshow } from './slideshow';

afterEach(() => vi.useRealTimers());

describe('the idle slideshow', () => {
  it('shows each image for its seconds, a video until it ends, then starts again', () => {
    vi.useFakeTimers();
    render(
      <Slideshow
        slides={[
          { kind: 'image', url: '/uploads/a.png', seconds: 5 },
          { kind: 'video', url: '/uploads/b.mp4', seconds: 8 },
          { kind: 'image', url: '/uploads/c.png', seconds: 3 },
        ]}
      />,
    );
    expect(screen.getByAltText('轮播图片1')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByAltText('轮播图片1')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/uploads/b.mp4');
    // a video stays however long it plays
    act(() => vi.advanceTimersByTime(60_000));
    expect(document.querySelector('video')).toBeTruthy();
    act(() => {
      video.dispatchEvent(new Event('ended'));
    });
    expect(screen.getByAltText('轮播图片3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByAltText('轮播图片1')).toBeTruthy();
  });
});
