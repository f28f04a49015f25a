#!/usr/bin/env node
// The browser tests need Debian's Chromium and CJK fonts; install them with apt when missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureBrowser() {
  const hasChromium = existsSync('/usr/bin/chromium');
  let hasFonts = false;
  try {
    hasFonts = execSync('fc-list :lang=zh', { encoding: 'utf8' }).trim().length > 0;
  } catch {
    hasFonts = false;
  }
  if (hasChromium && hasFonts) return '/usr/bin/chromium';
  console.log('» 安装浏览器测试依赖：chromium fonts-noto-cjk');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk`,
    {
      stdio: 'inherit',
    },
  );
  return '/usr/bin/chromium';
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBrowser();
