// The visual editor of HTML fields on a 390 px phone, in German and English (rich-text-journey.ts).
import { onOwnShop } from './editor-helpers.ts';
import { richTextJourney } from './rich-text-journey.ts';

const { test } = onOwnShop();
test.describe.configure({ mode: 'serial' });

for (const locale of ['de', 'en'] as const)
  test(`an editor writes a content page in the visual editor, 390 px (${locale})`, async ({ contexts }) => {
    await richTextJourney(contexts.open, locale, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
  });
