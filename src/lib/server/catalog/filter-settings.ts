// Which attributes the shop offers as filters, header and list attributes (the attributes setting).
import { getContent, type ContentConfig } from '../content.ts';
import { publishedMemo } from '../publish/index.ts';

type AttributeSetting = ContentConfig<'setting:attributes'>;

// Every product page, listing and facet count asks: read once per publish instead of once per request.
const settingMemo = publishedMemo<AttributeSetting>();

export function attributeSetting(): Promise<AttributeSetting> {
  return settingMemo('all', async () => {
    const setting = await getContent('setting:attributes', 'de');
    return setting?.config ?? { filters: [], header: [], list: [] };
  });
}

export async function filterCodes(): Promise<string[]> {
  return (await attributeSetting()).filters;
}
