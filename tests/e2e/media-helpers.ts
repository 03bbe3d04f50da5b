// The media library's steps the specs share (media-library.spec.ts, editor-rich-text specs): a picture
// uploaded with its alternative texts, an entry published, a medium seen on the shop as <picture>.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { mediaMessages, type MediaStrings } from '#lib/media/messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import { expect, expectNoA11yViolations } from './helpers.ts';
import { inLanguage, openWorkspace, words, type WorkspaceLocale } from './editor-helpers.ts';

export const say = (locale: WorkspaceLocale, key: keyof MediaStrings, vars: Record<string, string | number> = {}) =>
  fill(mediaMessages[locale][key], vars);

/** A photo-like picture of about 600 kB (noise does not compress), so its upload takes a moment to show. */
export const noisyPng = (seed: number) =>
  sharp({
    create: {
      width: 460,
      height: 440,
      channels: 3,
      background: { r: seed, g: 80, b: 120 },
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

const ALT: Record<string, string> = {
  de: 'Bohrmaschine in der Werkstatt',
  en: 'Drill in the workshop',
  fr: 'Perceuse',
  es: 'Taladro',
  it: 'Trapano',
};
export const altOf = (name: string, l: string) => `${ALT[l]} (${name})`;

/** Sends the page's uploads at about 150 kB/s, so the progress bar is there to be seen. */
async function slowUploads(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 150 * 1024,
  });
}

export async function uploadWithAlt(page: Page, locale: WorkspaceLocale, name: string, seed: number): Promise<number> {
  await openWorkspace(page, inLanguage('/admin/media', locale));
  await slowUploads(page);
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/media' && r.request().method() === 'POST',
  );
  await page
    .getByLabel(say(locale, 'media.upload.label'))
    .setInputFiles({ name, mimeType: 'image/png', buffer: await noisyPng(seed) });
  const progress = page.getByRole('progressbar', { name: say(locale, 'media.upload.progress', { name }) });
  await expect(progress).toBeVisible();
  const { medium } = (await (await answer).json()) as { medium: { id: number } };
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(say(locale, 'media.upload.done', { name }));
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(
    card.getByText(
      say(locale, 'media.alt.missing', { languages: LOCALES.map((l) => say(locale, `lang.${l}`)).join(', ') }),
    ),
  ).toBeVisible();
  for (const l of LOCALES) await card.getByLabel(say(locale, `lang.${l}`), { exact: true }).fill(altOf(name, l));
  await card.getByRole('button', { name: say(locale, 'media.alt.save') }).click();
  await expect(page.getByRole('status')).toHaveText(say(locale, 'media.alt.saved', { name }));
  await expect(card.getByText(say(locale, 'media.alt.ready'))).toBeVisible();
  await expectNoA11yViolations(page);
  return medium.id;
}

export async function publishEntry(page: Page, locale: WorkspaceLocale): Promise<void> {
  await page.getByRole('button', { name: words(locale, 'editor.save') }).click();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/publish');
  await page.getByRole('button', { name: words(locale, 'editor.publish'), exact: true }).click();
  expect((await answer).status()).toBe(200);
}

/**
 * The shopper's page shows the medium as a <picture> of AVIF and WebP renditions, with the language's
 * alternative text; answers the AVIF rendition's address (its version is the file's).
 */
export async function expectShown(page: Page, path: string, id: number, alt: string): Promise<string> {
  await page.goto(path);
  const picture = page.locator('picture').filter({ has: page.locator(`source[srcset*="/images/lib/${id}.w"]`) });
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    new RegExp(`/images/lib/${id}\\.w\\d+\\.avif\\?v=`),
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    new RegExp(`/images/lib/${id}\\.w\\d+\\.webp\\?v=`),
  );
  await expect(picture.getByRole('img', { name: alt, exact: true })).toBeVisible();
  const avif = (await picture.locator('source[type="image/avif"]').getAttribute('srcset'))!.split(' ')[0]!;
  const rendition = await page.request.get(avif);
  expect(rendition.status()).toBe(200);
  expect(rendition.headers()['content-type']).toBe('image/avif');
  expect(rendition.headers()['cache-control']).toContain('immutable');
  return avif;
}
