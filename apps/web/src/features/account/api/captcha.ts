/** GET get_captcha_img as an <img> source: the server sets an httpOnly cookie and answers SVG. */
export function captchaUrl(now: number = Date.now()): string {
  return `/api/v1/get_captcha_img?t=${now}`;
}
