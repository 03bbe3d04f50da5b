import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4811';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const pages = [['de-product', '/p/501/x'], ['en-product', '/en/p/501/x'], ['de-404', '/gibt-es-nicht'], ['en-404', '/en/no-such-page'], ['en-category', '/en/c/tools']];
for (const [w, h] of [[390, 844], [1366, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  const errors = []; page.on('console', (m) => m.type() === 'error' && errors.push(m.text())); page.on('pageerror', (e) => errors.push(String(e)));
  for (const [name, path] of pages) {
    const r = await page.goto(base + path, { waitUntil: 'networkidle' });
    const canonical = await page.locator('link[rel=canonical]').count();
    const footer = await page.locator('footer.site-footer').count();
    const menu = await page.locator('.bottom-nav, .menu-bar').count();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    await page.screenshot({ path: `/tmp/walk-${name}-${w}.png` });
    console.log(w, name, r.status(), page.url().replace(base, ''), 'canonical', canonical, 'footer', footer, 'menus', menu, 'overflow', overflow, 'title', (await page.title()).slice(0, 70));
  }
  // The mobile menu and footer links work (stored parts): open the menu at 390.
  if (w === 390) { await page.goto(base + '/en'); await page.locator('.bottom-nav [data-opens=menu]').click(); await page.waitForTimeout(400); await page.screenshot({ path: `/tmp/walk-en-menu-390.png` }); }
  console.log('console errors', errors.length, errors.slice(0, 3));
  await ctx.close();
}
await browser.close();
