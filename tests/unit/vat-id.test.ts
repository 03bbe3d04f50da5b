import { describe, expect, test } from 'vitest';
import { checkVatId, isEuVatCountry } from '#lib/tax/vat-id.ts';

// Fixture sources (python-stdnum, https://github.com/arthurdejong/python-stdnum):
//  [list]  tests/test_eu_vat.doctest: real numbers "found online", all valid; its mangled list has numbers
//          "mangled so their check digit is wrong".
//  [doc]   the docstring of the stdnum module named in the comment (stdnum/<cc>/<module>.py).
//  [brief] the well-known EU example numbers the task named; each also passes stdnum's eu.vat.is_valid.
// A [+1] bad number is the valid one beside it with its last digit raised by one; stdnum rejects it as well.
interface Fixture {
  /** ISO country of the address. */
  country: string;
  /** [as typed, normalised] */
  valid: [string, string][];
  /** Right shape, wrong check digits. */
  checksum: string[];
}

const FIXTURES: Fixture[] = [
  // AT [brief][doc at/uid.py]; [list]; bad: [list mangled]
  {
    country: 'AT',
    valid: [
      ['ATU13585627', 'ATU13585627'],
      ['ATU 142 43 102', 'ATU14243102'],
    ],
    checksum: ['ATU46080904'],
  },
  // BE [brief][doc be/vat.py]; [list] incl. the old 9-digit form and "(0)"; bad: [list mangled]
  {
    country: 'BE',
    valid: [
      ['BE0428759497', 'BE0428759497'],
      ['BE 0202.239.951', 'BE0202239951'],
      ['BE 444.503.092', 'BE0444503092'],
      ['BE (0)468.561.072', 'BE0468561072'],
    ],
    checksum: ['BE697449982'],
  },
  // BG [doc bg/vat.py] company; [list] 10-digit person; bad: [doc bg/vat.py], [list mangled]
  {
    country: 'BG',
    valid: [
      ['BG 175 074 752', 'BG175074752'],
      ['BG7111042925', 'BG7111042925'],
    ],
    checksum: ['BG175074751', 'BG 1037735942'],
  },
  // CY [list]; bad: [list mangled]
  { country: 'CY', valid: [['CY 10246672X', 'CY10246672X']], checksum: ['CY 10246672F', 'CY00632893 F'] },
  // CZ [doc cz/dic.py] company, special case (6…) and birth number; [list] birth number with slash;
  // bad: [doc cz/dic.py], [list mangled]
  {
    country: 'CZ',
    valid: [
      ['CZ 25123891', 'CZ25123891'],
      ['CZ 640903926', 'CZ640903926'],
      ['CZ7103192745', 'CZ7103192745'],
      ['CZ 640229/4448', 'CZ6402294448'],
    ],
    checksum: ['CZ25123890', 'CZ 8058018314'],
  },
  // DE [brief][doc de/vat.py]; [list]; bad: [list mangled]
  {
    country: 'DE',
    valid: [
      ['DE136695976', 'DE136695976'],
      ['DE 811 363 057', 'DE811363057'],
    ],
    checksum: ['DE 125014855'],
  },
  // DK [brief][doc dk/cvr.py]; [list]; bad: [list mangled]
  {
    country: 'DK',
    valid: [
      ['DK13585628', 'DK13585628'],
      ['DK 10 50 32 80', 'DK10503280'],
    ],
    checksum: ['DK10159817'],
  },
  // EE [list]; bad: [list mangled]
  { country: 'EE', valid: [['EE 100 931 558', 'EE100931558']], checksum: ['EE 100 941 558'] },
  // ES [brief] company; [list] company, resident (DNI), Q-entity; [doc es/nif.py] NIE and M-number;
  // bad: [doc es/nif.py], [list mangled]
  {
    country: 'ES',
    valid: [
      ['ESA28015865', 'ESA28015865'],
      ['ES B-58378431', 'ESB58378431'],
      ['ES 54362315K', 'ES54362315K'],
      ['ES Q-2818015-F', 'ESQ2818015F'],
      ['X-5253868-R', 'ESX5253868R'],
      ['M-1234567-L', 'ESM1234567L'],
    ],
    checksum: ['ESB64717839', 'ES 54362415K', 'ES-x-2322300w'],
  },
  // FI [list]; bad: [+1]
  {
    country: 'FI',
    valid: [
      ['FI 02459042', 'FI02459042'],
      ['FI 0982651-1', 'FI09826511'],
    ],
    checksum: ['FI02459043'],
  },
  // FR [brief][doc fr/tva.py]; [doc] numeric key; [doc] alphabetic keys (format and SIREN only);
  // bad: [list mangled], [doc fr/tva.py '84 323 140 391']
  {
    country: 'FR',
    valid: [
      ['FR40303265045', 'FR40303265045'],
      ['Fr 40 303 265 045', 'FR40303265045'],
      ['FR 23334175221', 'FR23334175221'],
      ['FR K7399859412', 'FRK7399859412'],
      ['FR4Z123456782', 'FR4Z123456782'],
    ],
    checksum: ['FR 04409414264', 'FR 84 323 140 391', 'FR K 7399859312'],
  },
  // GR: prefix EL [list]; [doc gr/vat.py], also with GR as prefix and in the old 8-digit form; bad: [list mangled]
  {
    country: 'GR',
    valid: [
      ['EL 039868210', 'EL039868210'],
      ['EL 094259216', 'EL094259216'],
      ['GR094259216', 'EL094259216'],
      ['EL 94259216', 'EL094259216'],
    ],
    checksum: ['EL 094013834', 'EL094501140'],
  },
  // HR [doc hr/oib.py]; bad: [doc hr/oib.py]
  { country: 'HR', valid: [['HR 33392005961', 'HR33392005961']], checksum: ['HR33392005962'] },
  // HU [list]; bad: [+1]
  { country: 'HU', valid: [['HU 10672101', 'HU10672101']], checksum: ['HU10672102'] },
  // IE [brief][doc ie/vat.py] pre-2013, 2013 form and old style; bad: [doc], [list mangled]
  {
    country: 'IE',
    valid: [
      ['IE6433435F', 'IE6433435F'],
      ['IE 6433435OA', 'IE6433435OA'],
      ['IE8D79739I', 'IE8D79739I'],
    ],
    checksum: ['IE6433435E', 'IE 632 3421 C', 'IE8D79729I'],
  },
  // IT [brief][doc it/iva.py]; [list]; bad: [+1]
  {
    country: 'IT',
    valid: [
      ['IT00743110157', 'IT00743110157'],
      ['IT 00118439991', 'IT00118439991'],
    ],
    checksum: ['IT00743110158'],
  },
  // LT [doc lt/pvm.py] company, temporary payer, second-step check; bad: [doc lt/pvm.py]
  {
    country: 'LT',
    valid: [
      ['LT119511515', 'LT119511515'],
      ['LT 100001919017', 'LT100001919017'],
      ['LT100004801610', 'LT100004801610'],
    ],
    checksum: ['LT100001919018'],
  },
  // LU [brief][doc lu/tva.py]; [list]; bad: [doc lu/tva.py]
  {
    country: 'LU',
    valid: [
      ['LU15027442', 'LU15027442'],
      ['LU 10059929', 'LU10059929'],
    ],
    checksum: ['LU15027443'],
  },
  // LV [doc lv/pvn.py] company, person (old and 2017 form); bad: [doc], [list mangled]
  {
    country: 'LV',
    valid: [
      ['LV 4000 3521 600', 'LV40003521600'],
      ['LV 161175-19997', 'LV16117519997'],
      ['LV 328673-00679', 'LV32867300679'],
    ],
    checksum: ['LV40003521601', 'LV 328673-00677', 'LV 90000528022'],
  },
  // MT [list]; bad: [+1]
  { country: 'MT', valid: [['MT 1039-6417', 'MT10396417']], checksum: ['MT10396418'] },
  // NL [brief][doc nl/btw.py], short form, 2020 sole-proprietor (mod 97); bad: [doc nl/btw.py], [+1 on the digits]
  {
    country: 'NL',
    valid: [
      ['NL004495445B01', 'NL004495445B01'],
      ['NL4495445B01', 'NL004495445B01'],
      ['NL 806753742B01', 'NL806753742B01'],
      ['NL002455799B11', 'NL002455799B11'],
    ],
    checksum: ['NL123456789B90', 'NL806753743B01'],
  },
  // PL [brief]; [list]; bad: [+1]
  {
    country: 'PL',
    valid: [
      ['PL5260250274', 'PL5260250274'],
      ['PL 5211355116', 'PL5211355116'],
    ],
    checksum: ['PL5260250275'],
  },
  // PT [list]; bad: [+1]
  { country: 'PT', valid: [['PT 500 019 720', 'PT500019720']], checksum: ['PT500019721'] },
  // RO [doc ro/cf.py] company and a person's CNP; [list]; bad: [+1]
  {
    country: 'RO',
    valid: [
      ['RO 185 472 90', 'RO18547290'],
      ['RO 11358544', 'RO11358544'],
      ['RO1630615123457', 'RO1630615123457'],
    ],
    checksum: ['RO18547291', 'RO1630615123458'],
  },
  // SE [brief]; [doc se/vat.py]; [list]; bad: [doc se/vat.py]
  {
    country: 'SE',
    valid: [
      ['SE556188840401', 'SE556188840401'],
      ['SE 123456789701', 'SE123456789701'],
      ['SE 202 100-5000 01', 'SE202100500001'],
    ],
    checksum: ['SE123456789101'],
  },
  // SI [list]; bad: [+1]
  { country: 'SI', valid: [['SI 26808498', 'SI26808498']], checksum: ['SI26808499'] },
  // SK [doc sk/dph.py]; [list]; bad: [doc sk/dph.py], [list mangled]
  {
    country: 'SK',
    valid: [
      ['SK 202 274 96 19', 'SK2022749619'],
      ['SK 1078449064', 'SK1078449064'],
    ],
    checksum: ['SK 202 274 96 18', 'SK 2020457679'],
  },
  // XI (Northern Ireland, UK rules): [list]; [doc gb/vat.py] with a branch suffix added; bad: [doc gb/vat.py]
  {
    country: 'XI',
    valid: [
      ['XI 432525179', 'XI432525179'],
      ['XI 980 7806 84', 'XI980780684'],
      ['XI 980 7806 84 001', 'XI980780684001'],
    ],
    checksum: ['XI802311781'],
  },
];

const EU_MEMBERS = 'AT BE BG CY CZ DE DK EE GR ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
const prefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

describe('checkVatId', () => {
  test('the fixtures cover every EU member and Northern Ireland', () => {
    expect(FIXTURES.map((f) => f.country).sort()).toEqual([...EU_MEMBERS, 'XI'].sort());
  });

  describe.each(FIXTURES)('$country', ({ country, valid, checksum }) => {
    test.each(valid)('accepts %s', (raw, normalised) => {
      expect(checkVatId(raw, country)).toEqual({ ok: true, normalised });
    });

    test.each(valid)('accepts %s without its prefix', (_raw, normalised) => {
      expect(checkVatId(normalised.slice(2), country)).toEqual({ ok: true, normalised });
    });

    test.each(checksum)('rejects %s by its check digits', (raw) => {
      expect(checkVatId(raw, country)).toEqual({ ok: false, problem: 'VAT_ID_CHECKSUM' });
    });

    // Not one digit short: Belgium, Greece, Romania and others have shorter forms that are valid.
    test('rejects a number too long, with a stray character or without its digits', () => {
      const [, normalised] = valid[0]!;
      for (const wrong of [
        normalised + '12345',
        normalised.slice(0, 4) + '?' + normalised.slice(5),
        normalised.slice(0, 2),
      ]) {
        expect(checkVatId(wrong, country)).toEqual({ ok: false, problem: 'VAT_ID_FORMAT' });
      }
    });

    test("rejects another member's number as the wrong country", () => {
      const other = country === 'DE' ? 'ATU13585627' : 'DE136695976';
      expect(checkVatId(other, country)).toEqual({ ok: false, problem: 'VAT_ID_COUNTRY' });
    });
  });

  test('tolerates spaces, dots, dashes, slashes, colons, lower case and copied non-breaking spaces', () => {
    for (const raw of [
      'de 136 695 976',
      'DE-136.695.976',
      'DE:\u00a0136\u00a0695\u00a0976',
      ' DE 136/695/976 ',
      'DE–136–695–976',
    ]) {
      expect(checkVatId(raw, 'DE')).toEqual({ ok: true, normalised: 'DE136695976' });
    }
    expect(checkVatId('atu 13.585.627', 'at')).toEqual({ ok: true, normalised: 'ATU13585627' });
  });

  test('answers FORMAT for a wrong shape and for impossible parts', () => {
    const cases: [string, string][] = [
      ['', 'DE'],
      ['DE', 'DE'],
      ['DE 036695976', 'DE'], // German numbers do not start with 0 [doc de/vat.py]
      ['AT 13585627', 'AT'], // the U is missing
      ['BE 2428759497', 'BE'], // Belgian numbers start with 0 or 1
      ['CY-12259033P', 'CY'], // [list: invalid component]
      ['CZ 95123891', 'CZ'], // [list: invalid component]
      ['IT 00687129980', 'IT'], // office 998 does not exist [list: invalid component]
      ['LT 100001354', 'LT'], // the 8th digit must be 1 [list: invalid component]
      ['LV 161375-19997', 'LV'], // birth date with month 13 [doc lv/pvn.py]
      ['NL 009122746B00', 'NL'], // branch 00 [list: invalid format]
      ['NL 004495445801', 'NL'], // no B
      ['ES I28015865', 'ES'], // I is no company type
      ['FR IO334175221', 'FR'], // I and O are not key characters [doc fr/tva.py]
      ['SE 556188840402', 'SE'], // Swedish VAT numbers end in 01
      ['ATU ATU 65033803', 'AT'], // doubled prefix [list]
    ];
    for (const [raw, country] of cases) {
      expect([raw, checkVatId(raw, country)]).toEqual([raw, { ok: false, problem: 'VAT_ID_FORMAT' }]);
    }
  });

  test('answers COUNTRY for a prefix of another country or a country without rules', () => {
    expect(checkVatId('ATU13585627', 'DE')).toEqual({ ok: false, problem: 'VAT_ID_COUNTRY' });
    expect(checkVatId('EL094259216', 'CY')).toEqual({ ok: false, problem: 'VAT_ID_COUNTRY' });
    expect(checkVatId('GR094259216', 'CY')).toEqual({ ok: false, problem: 'VAT_ID_COUNTRY' });
    expect(checkVatId('GB980780684', 'XI')).toEqual({ ok: false, problem: 'VAT_ID_COUNTRY' });
    expect(checkVatId('CHE-123.456.788', 'AT')).toEqual({ ok: false, problem: 'VAT_ID_COUNTRY' });
    // A bare French number whose key reads like a prefix needs its FR prefix.
    expect(checkVatId('DE123456782', 'FR')).toEqual({ ok: false, problem: 'VAT_ID_COUNTRY' });
    expect(checkVatId('FRDE123456782', 'FR')).toEqual({ ok: true, normalised: 'FRDE123456782' });
    for (const country of ['CH', 'GB', 'US', 'NO', '']) {
      expect(checkVatId('DE136695976', country)).toEqual({ ok: false, problem: 'VAT_ID_COUNTRY' });
    }
  });

  test('takes the address country in any case and Greece as GR or EL', () => {
    expect(checkVatId('EL094259216', 'gr')).toEqual({ ok: true, normalised: 'EL094259216' });
    expect(checkVatId('094259216', 'EL')).toEqual({ ok: true, normalised: 'EL094259216' });
  });
});

describe('isEuVatCountry', () => {
  test.each([...EU_MEMBERS, 'XI', 'EL', 'de'])('%s has rules', (country) => {
    expect(isEuVatCountry(country)).toBe(true);
  });

  test.each(['GB', 'CH', 'NO', 'LI', 'US', 'CA', '', 'toString'])('%s has none', (country) => {
    expect(isEuVatCountry(country)).toBe(false);
  });

  test('agrees with the prefixes checkVatId returns', () => {
    for (const { country, valid } of FIXTURES) {
      expect(valid[0]![1].slice(0, 2)).toBe(prefixOf(country));
    }
  });
});
