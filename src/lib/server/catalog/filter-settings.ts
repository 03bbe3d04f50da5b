// Which attributes the shop offers as filters, header and list attributes (the attributes setting).
import { getContent } from '../content.ts';

export async function attributeSetting() {
  const setting = await getContent('setting:attributes', 'de');
  return setting?.config ?? { filters: [], header: [], list: [] };
}

export async function filterCodes(): Promise<string[]> {
  return (await attributeSetting()).filters;
}
