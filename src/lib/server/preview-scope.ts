// Whether the page being rendered is an editor's preview (src/lib/server/preview.ts checks the cookie):
// then the content service reads drafts over the published entries, and no shared memo hands the render
// published data or keeps draft data for shoppers. Apart from the cookie code, so the content service
// and the memos depend on nothing but this.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<{ staffId: number }>();

export const inPreview = (): boolean => scope.getStore() !== undefined;

export function renderPreview<T>(staffId: number, render: () => T): T {
  return scope.run({ staffId }, render);
}
