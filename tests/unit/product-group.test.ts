import { describe, expect, test } from 'vitest';
import { productGroupJsonLd, variantOfJsonLd, variantProperties } from '#lib/catalog/product-group.ts';

const attr = (attribute_code: string, value: string) => ({ attribute_code, value, valueLabel: `${value}!` });
const offer = { '@type': 'Offer', price: '6.99', priceCurrency: 'EUR' };

describe('productGroupJsonLd', () => {
  test('turns the parent into the group of its variants, each with its own url and offer', () => {
    const group = productGroupJsonLd(
      { '@context': 'https://schema.org', '@type': 'Product', name: 'Glove', image: ['https://s/g.jpg'] },
      { url: 'https://s/p/8/glove', sku: 'G-1' },
      ['size', 'grip'],
      [
        { name: 'Glove 8', sku: 'G-1-8', url: 'https://s/p/9/glove-8', images: [], properties: { size: '8!' }, offer },
        {
          name: 'Glove 9',
          sku: 'G-1-9',
          url: 'https://s/p/10/glove-9',
          images: ['https://s/9.jpg'],
          properties: { size: '9!' },
          offer: undefined,
        },
      ],
    );
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      '@id': 'https://s/p/8/glove#product-group',
      productGroupID: 'G-1',
      // An attribute schema.org has no property for is no variesBy value.
      variesBy: ['https://schema.org/size'],
      hasVariant: [
        {
          '@type': 'Product',
          sku: 'G-1-8',
          url: 'https://s/p/9/glove-8',
          image: ['https://s/g.jpg'],
          size: '8!',
          offers: offer,
        },
        { '@type': 'Product', sku: 'G-1-9', image: ['https://s/9.jpg'], size: '9!' },
      ],
    });
    expect((group.hasVariant as object[])[1]).not.toHaveProperty('offers');
  });
});

describe('variantProperties and variantOfJsonLd', () => {
  test('name a variant’s own values and its group', () => {
    expect(variantProperties({ attributes: [attr('colour', 'red'), attr('grip', 'x')] }, ['colour', 'grip'])).toEqual({
      color: 'red!',
    });
    expect(variantOfJsonLd({ sku: 'G-1', name: 'Glove', url: 'https://s/p/8/glove' })).toEqual({
      inProductGroupWithID: 'G-1',
      isVariantOf: {
        '@type': 'ProductGroup',
        '@id': 'https://s/p/8/glove#product-group',
        productGroupID: 'G-1',
        name: 'Glove',
        url: 'https://s/p/8/glove',
      },
    });
  });
});
