import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:4350';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const views = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desk', viewport: { width: 1366, height: 900 } },
];
const pages = (process.env.PAGES ?? '/,/en').split(',');
for (const v of views) {
  const ctx = await browser.newContext({ viewport: v.viewport, isMobile: v.isMobile, hasTouch: v.hasTouch });
  const page = await ctx.newPage();
  for (const p of pages) {
    const r = await page.goto(base + p, { waitUntil: 'networkidle' }).catch((e) => null);
    await page.waitForTimeout(800);
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    const raw = await page.evaluate(() => /&lt;|<table|<\/?[a-z]+[^>]*>/.test(document.body.innerText));
    const file = `/tmp/walk/${v.name}${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(v.name, p, r?.status(), 'scrollWidth', sw, 'raw-markup', raw, file);
  }
  await ctx.close();
}
await browser.close();
