// Demo customers with addresses. Passwords are hashed with argon2id; the salt comes from the seeded
// generator so a reseed produces the same rows (these are public demo accounts anyway).
import { hash } from '@node-rs/argon2';
import type * as schema from '../db/schema.ts';
import { DEMO_FIXTURES } from './fixtures.ts';
import { PRICE_LIST_IDS } from './products.ts';
import { createRng, DEMO_EPOCH } from './random.ts';

type Customer = typeof schema.customers.$inferInsert;
type Address = typeof schema.addresses.$inferInsert;
type AddressInput = Omit<Address, 'id' | 'customerId' | 'createdAt'>;

interface CustomerSpec {
  fixture: { email: string; customernum: string; password: string };
  firstName: string;
  lastName: string;
  /** The account's company: the loyalty card and the ERP name it, whatever address is the default. */
  company: string;
  currency: string;
  locale: string;
  excludeTax: boolean;
  priceListId: number | null;
  /** Payment on account: the most the company may owe on unpaid invoices (cents); absent: no limit. */
  creditLimitCents?: number;
  addresses: AddressInput[];
}

const both = { isBilling: true, isShipping: true, isDefaultBilling: true, isDefaultShipping: true };
const billing = { isBilling: true, isShipping: false, isDefaultBilling: true, isDefaultShipping: false };
const shipping = { isBilling: false, isShipping: true, isDefaultBilling: false, isDefaultShipping: true };

const SPECS: CustomerSpec[] = [
  {
    fixture: DEMO_FIXTURES.customers.normal,
    firstName: 'Max',
    lastName: 'Mustermann',
    company: 'Mustermann Haustechnik GmbH',
    currency: 'EUR',
    locale: 'de',
    excludeTax: false,
    priceListId: null,
    addresses: [
      {
        firstName: 'Max',
        lastName: 'Mustermann',
        company: 'Mustermann Haustechnik GmbH',
        street: 'Hauptstraße 1',
        city: 'Berlin',
        postalCode: '10115',
        country: 'DE',
        phone: '+49 30 0000000',
        email: 'max.mustermann@example.com',
        vatId: 'DE811128135',
        ...billing,
      },
      {
        firstName: 'Max',
        lastName: 'Mustermann',
        company: 'Mustermann Haustechnik GmbH',
        street: 'Lagerweg 5',
        apartment: 'Halle 2',
        city: 'Berlin',
        postalCode: '12099',
        country: 'DE',
        phone: '+49 30 0000001',
        ...shipping,
      },
    ],
  },
  {
    fixture: DEMO_FIXTURES.customers.acme,
    firstName: 'Laura',
    lastName: 'Becker',
    company: 'ACME Industrietechnik GmbH',
    currency: 'EUR',
    locale: 'de',
    excludeTax: false,
    priceListId: PRICE_LIST_IDS.acme,
    creditLimitCents: DEMO_FIXTURES.acmeCreditLimitCents,
    addresses: [
      {
        firstName: 'Laura',
        lastName: 'Becker',
        company: 'ACME Industrietechnik GmbH',
        street: 'Werkstraße 42',
        city: 'München',
        postalCode: '80331',
        region: 'Bayern',
        country: 'DE',
        phone: '+49 89 0000000',
        email: 'buyer@acme.example',
        vatId: 'DE811569869',
        ...both,
      },
    ],
  },
  {
    fixture: DEMO_FIXTURES.customers.excludeTax,
    firstName: 'Erik',
    lastName: 'Lindqvist',
    company: 'Nordic Fasteners Ltd',
    currency: 'GBP',
    locale: 'en',
    excludeTax: true,
    priceListId: null,
    addresses: [
      {
        firstName: 'Erik',
        lastName: 'Lindqvist',
        company: 'Nordic Fasteners Ltd',
        street: '12 Harbour Road',
        city: 'Aberdeen',
        postalCode: 'AB11 5BN',
        region: 'Scotland',
        country: 'GB',
        phone: '+44 1224 000000',
        email: 'export@nordic.example',
        vatId: 'GB000000003',
        ...billing,
      },
      {
        firstName: 'Erik',
        lastName: 'Lindqvist',
        company: 'Nordic Fasteners Ltd',
        street: '7 Dock Street',
        apartment: 'Unit 4',
        city: 'Edinburgh',
        postalCode: 'EH6 6EY',
        region: 'Scotland',
        country: 'GB',
        ...shipping,
      },
    ],
  },
];

export async function buildCustomers(): Promise<{ customers: Customer[]; addresses: Address[] }> {
  const rng = createRng('customers');
  const customers: Customer[] = [];
  const addresses: Address[] = [];
  for (const [i, spec] of SPECS.entries()) {
    const id = rng.uuid();
    const salt = Uint8Array.from({ length: 16 }, () => rng.int(0, 255));
    const createdAt = new Date(DEMO_EPOCH - (300 - i * 60) * 86_400_000);
    customers.push({
      id,
      email: spec.fixture.email,
      customernum: spec.fixture.customernum,
      passwordHash: await hash(spec.fixture.password, { salt }),
      firstName: spec.firstName,
      lastName: spec.lastName,
      company: spec.company,
      currency: spec.currency,
      locale: spec.locale,
      excludeTax: spec.excludeTax,
      priceListId: spec.priceListId,
      creditLimitCents: spec.creditLimitCents ?? null,
      createdAt,
      updatedAt: createdAt,
    });
    for (const address of spec.addresses) addresses.push({ ...address, id: rng.uuid(), customerId: id, createdAt });
  }
  return { customers, addresses };
}

/** The acme company's users besides its primary admin (DEMO_FIXTURES.acmeUsers), salted like the customers. */
export async function buildAcmeUsers(
  customers: readonly Customer[],
): Promise<(typeof schema.customerUsers.$inferInsert)[]> {
  const rng = createRng('company-users');
  const acme = customers.find((c) => c.customernum === DEMO_FIXTURES.customers.acme.customernum)!;
  return Promise.all(
    Object.values(DEMO_FIXTURES.acmeUsers).map(async (u) => ({
      id: rng.uuid(),
      customerId: acme.id!,
      email: u.email,
      name: u.name,
      role: u.role,
      status: 'active',
      orderLimitCents: 'orderLimitCents' in u ? u.orderLimitCents : null,
      passwordHash: await hash(u.password, { salt: Uint8Array.from({ length: 16 }, () => rng.int(0, 255)) }),
      createdAt: acme.createdAt,
      updatedAt: acme.createdAt,
    })),
  );
}

/** The workspace's demo staff (DEMO_FIXTURES.staff), with salts from the seed's generator like the customers'. */
export async function buildStaff(): Promise<(typeof schema.staffUsers.$inferInsert)[]> {
  const rng = createRng('staff');
  return Promise.all(
    Object.values(DEMO_FIXTURES.staff).map(async (s) => ({
      email: s.email,
      role: s.role,
      passwordHash: await hash(s.password, { salt: Uint8Array.from({ length: 16 }, () => rng.int(0, 255)) }),
      createdAt: new Date(DEMO_EPOCH),
    })),
  );
}
