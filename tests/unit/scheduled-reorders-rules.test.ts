// The calendar of scheduled reorders (src/lib/scheduled-reorders/rules.ts) and their two mails
// (src/lib/server/mail/reorder-mails.ts): due dates move by whole intervals, a stopped shop places one
// order for the dates it missed, a resumed schedule starts from today; the reminder links to the page to
// change it and the report names the order and every line left out with its reason, in five languages.
import { describe, expect, test } from 'vitest';
import { addDays, dueFromToday, followingDue, isIsoDay } from '#lib/scheduled-reorders/rules.ts';
import { reorderReminderMail, reorderReportMail } from '#lib/server/mail/reorder-mails.ts';
import { LOCALES } from '#lib/i18n/locales.ts';

describe('due dates', () => {
  test('ISO days are real calendar days', () => {
    expect(['2026-12-01', '2028-02-29'].map(isIsoDay)).toEqual([true, true]);
    expect(['2026-02-30', '2027-02-29', '2026-1-01', '01.12.2026', ''].map(isIsoDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  test('days and weeks cross months and years', () => {
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  test('the next due date is one interval on, or as many as it takes to pass today', () => {
    expect(followingDue('2026-12-01', 2, '2026-12-01')).toBe('2026-12-15');
    // The shop was down for five weeks: the next date lies after today, on the schedule's rhythm.
    expect(followingDue('2026-12-01', 2, '2027-01-05')).toBe('2027-01-12');
  });

  test('a resumed schedule keeps a date still ahead, and otherwise takes the first on its rhythm from today', () => {
    expect(dueFromToday('2026-12-20', 4, '2026-12-01')).toBe('2026-12-20');
    expect(dueFromToday('2026-12-01', 1, '2026-12-08')).toBe('2026-12-08');
    expect(dueFromToday('2026-12-01', 1, '2026-12-09')).toBe('2026-12-15');
  });
});

describe('reorder mails', () => {
  const to = (locale: string) => ({ email: 'buyer@example.com', name: 'Erika Buyer', locale });

  test.each(LOCALES)('the reminder (%s) names the date and the items and links to the reorders page', (locale) => {
    const mail = reorderReminderMail(
      { to: to(locale), dueDate: '2026-12-02', lines: [{ name: 'Laser meter', sku: 'LEM-1', quantity: 3 }] },
      'Shop',
    );
    expect(mail.to).toBe('buyer@example.com');
    expect(mail.text).toContain('3 × Laser meter (LEM-1)');
    expect(mail.text).toMatch(/2026/);
    expect(mail.text).toContain('/my-account/reorders');
    expect(mail.html).toContain('/my-account/reorders');
  });

  test('the report names the order, links to it and lists each line left out with its reason', () => {
    const mail = reorderReportMail(
      {
        to: to('en'),
        dueDate: '2026-12-02',
        outcome: 'placed',
        order: { id: 'o-1', number: '100077' },
        leftOut: [{ name: 'Drill', sku: 'DR-1', reason: 'out-of-stock' }],
        refusal: null,
      },
      'Shop',
    );
    expect(mail.subject).toBe('Your recurring order 100077 has been placed');
    expect(mail.text).toContain('These items could not be ordered:\nDrill (DR-1): out of stock');
    expect(mail.text).toContain('/en/my-account/order-history/o-1');
  });

  test('a refused run says why in the buyer’s language, and links to the reorders page', () => {
    const mail = reorderReportMail(
      {
        to: to('de'),
        dueDate: '2026-12-02',
        outcome: 'refused',
        order: null,
        leftOut: [],
        refusal: 'CREDIT_LIMIT_EXCEEDED',
      },
      'Shop',
    );
    expect(mail.subject).toBe('Ihre regelmäßige Bestellung vom 2. Dezember 2026 wurde nicht aufgegeben');
    expect(mail.text).toContain('Kreditlimit');
    expect(mail.text).toContain('/my-account/reorders');
  });
});
