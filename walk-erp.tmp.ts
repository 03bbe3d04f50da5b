import { chromium, request } from '@playwright/test';
import PDFDocument from 'pdfkit';
const B = 'http://localhost:4400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const pdf = await new Promise<Buffer>((resolve) => { const d = new PDFDocument(); const c: Buffer[] = []; d.on('data', (b) => c.push(b)); d.on('end', () => resolve(Buffer.concat(c))); d.text('Rechnung RE-2026-0042'); d.end(); });
// ERP token
const adm = await request.newContext({ baseURL: B, extraHTTPHeaders: { origin: B } });
const si = await adm.post('/api/admin/sign-in', { data: { email: 'admin@example.com', password: 'Demo-Passw0rd!' } });
console.log('admin sign-in', si.status(), (await si.text()).slice(0, 100));
const tk = await adm.post('/api/admin/tokens', { data: { name: 'erp', scopes: ['orders:read', 'orders:write'] } });
const token = (await tk.json()).token;
console.log('token', tk.status());
// buyer
const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
await ctx.addInitScript(() => localStorage.setItem('consent', '{}'));
const api = ctx.request;
const login = await api.post(B + '/api/auth/login', { data: { username: 'max.mustermann@example.com', password: 'Demo-Passw0rd!' }, headers: { 'x-forwarded-for': '198.51.100.78' } });
console.log('login', login.status());
let cart = (await (await api.post(B + '/api/cart/add', { data: { sku: 'ASR-10003', quantity: 3 } })).json()).cart;
const addr = { firstName: 'Max', lastName: 'Mustermann', company: 'Muster GmbH', street: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin', country: 'DE' };
for (const change of [{ shippingAddress: addr }, { shippingMethod: { methodCode: 'standard' } }, { billingAddress: { ...addr, email: 'max.mustermann@example.com' } }]) {
  const r = await api.post(B + '/api/checkout/update', { data: { version: cart.version, ...change } });
  const body = await r.json(); if (!r.ok()) console.log('update', r.status(), JSON.stringify(body).slice(0, 300)); cart = body.cart ?? cart;
}
const created = await api.post(B + '/api/orders/create', { data: { idempotencyKey: crypto.randomUUID(), cartId: cart.id, cart: { version: cart.version, pricesHash: cart.pricesHash }, paymentMethodCode: 'invoice' } });
const order = (await created.json()).order; console.log('order', created.status(), order?.transactionnum);
const erp = (body: unknown) => adm.post(`/api/admin/orders/${order.id}/events`, { data: body, headers: { authorization: `Bearer ${token}` } });
for (const body of [
  { type: 'confirmed' },
  { id: 'LS-1', type: 'shipped', carrier: 'DHL', trackingNumber: '00340434161094042557', lines: [{ sku: 'ASR-10003', quantity: 2 }], note: 'Rest folgt in KW 49' },
  { type: 'invoiced', number: 'RE-2026-0042', date: '2026-11-28', pdf: pdf.toString('base64') },
]) { const r = await erp(body); console.log(body.type, r.status(), r.ok() ? '' : await r.text()); }
const page = await ctx.newPage();
for (const [w, h] of [[1366, 900], [390, 844]] as const) {
  await page.setViewportSize({ width: w, height: h });
  for (const prefix of ['', '/en']) {
    const r = await page.goto(`${B}${prefix}/my-account/order-history/${order.id}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(w, prefix || '/de', r?.status(), 'overflow', overflow, (await page.locator('.order-status').innerText()).replace(/\n/g, ' | '));
    await page.locator('.order-status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/walk-erp/${w}${prefix.replace('/', '-') || '-de'}.png`, fullPage: true });
  }
}
const link = await page.locator('.order-documents a').nth(1).getAttribute('href');
const dl = await api.get(B + link!); console.log('download', dl.status(), dl.headers()['content-type'], dl.headers()['content-disposition'], Buffer.compare(Buffer.from(await dl.body()), pdf) === 0);
await browser.close();
