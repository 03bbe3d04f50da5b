// The layout's parts shared by every page of a language are rendered once per shell: a new shell (a
// publish) renders them again, and a render that failed is tried again by the next page.
import { describe, expect, test } from 'vitest';
import { shellPart } from '#lib/server/shell-parts.ts';

describe('shellPart', () => {
  test('renders a part once per shell and name, again for a new shell', async () => {
    const renders: string[] = [];
    const render = (html: string) => async () => {
      renders.push(html);
      return html;
    };
    const shell = {};
    expect(await shellPart(shell, 'footer', render('<footer>1</footer>'))).toBe('<footer>1</footer>');
    expect(await shellPart(shell, 'footer', render('<footer>2</footer>'))).toBe('<footer>1</footer>');
    expect(await shellPart(shell, 'menu', render('<nav></nav>'))).toBe('<nav></nav>');
    const published = {};
    expect(await shellPart(published, 'footer', render('<footer>3</footer>'))).toBe('<footer>3</footer>');
    expect(renders).toEqual(['<footer>1</footer>', '<nav></nav>', '<footer>3</footer>']);
  });

  test('pages asking at once share one render', async () => {
    let renders = 0;
    const shell = {};
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return '<nav></nav>';
    };
    expect(await Promise.all([1, 2, 3].map(() => shellPart(shell, 'menu', render)))).toEqual(
      Array(3).fill('<nav></nav>'),
    );
    expect(renders).toBe(1);
  });

  test('a failed render is not kept', async () => {
    const shell = {};
    await expect(shellPart(shell, 'footer', () => Promise.reject(new Error('content missing')))).rejects.toThrow(
      'content missing',
    );
    expect(await shellPart(shell, 'footer', async () => '<footer></footer>')).toBe('<footer></footer>');
  });
});
