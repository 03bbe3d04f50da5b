// Reading a term's translation off the catalogue's own names (#lib/search/translation.ts).
import { describe, expect, test } from 'vitest';
import { commonTranslation } from '#lib/search/translation.ts';

describe('commonTranslation', () => {
  test('gives the words all products share in the other language, without numbers, units and model names', () => {
    expect(
      commonTranslation([
        { from: ' schlagbohrmaschine 18 v ', to: ' impact drill 18 v ' },
        { from: ' schlagbohrmaschine 230 v ', to: ' impact drill 230 v ' },
      ]),
    ).toBe('impact drill');
  });

  test('keeps only what every product has in common, in the first name’s order', () => {
    expect(
      commonTranslation([
        { from: ' kolbenkompressor 100 l ', to: ' piston compressor 100 l ' },
        { from: ' fluesterkompressor 6 l ', to: ' silent compressor 6 l ' },
        { from: ' montagehandschuh grip 100 ', to: ' compressor assembly grip 100 ' },
      ]),
    ).toBe('compressor');
  });

  test('a word spelled alike in both languages is no translation', () => {
    expect(commonTranslation([{ from: ' laser pro 5 ', to: ' laser pro 5 ' }])).toBeNull();
  });

  test('products of different kinds have no common name: null', () => {
    expect(
      commonTranslation([
        { from: ' akku pack 18 v ', to: ' battery pack 18 v ' },
        { from: ' akku bohrschrauber 12 v ', to: ' cordless drill driver 12 v ' },
      ]),
    ).toBeNull();
  });

  test('no products: null', () => {
    expect(commonTranslation([])).toBeNull();
  });
});
