import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { DemoRepository } from '../repositories/demo';
import type { Keys } from '../auth/secrets';
import { hashPassword } from '../auth/passwords';
import { isoDay } from '../days';
import { drawPin, sealPin } from '../customer/pin';

/** The demo customer the README names first; created only on an empty database. */
export const DEMO_CUSTOMER = {
  email: 'demo@ontv.ba',
  phoneNumber: '38761000001',
  password: 'Demo1234!',
  firstName: 'Amra',
  lastName: 'Hodžić',
  customerNumber: '1000001',
} as const;

type Status = 'ACTIVE' | 'DEACTIVATED' | 'BLOCKED' | 'EXPIRED';

interface DemoCustomer {
  email: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  customerNumber: string;
  /** The subscription, with its next payment date in days from the seeding day. */
  subscription?: { plan: 'starton' | 'maxon'; status: Status; nextPaymentInDays: number; pausedDaysAgo?: number };
  card?: { type: 'master' | 'maestro' | 'visa'; last4: string };
}

/** One customer per subscription state (product.md §4), all with the demo password; docs/trying-it.md lists them. */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  DEMO_CUSTOMER,
  {
    email: 'aktivna@ontv.ba',
    phoneNumber: '38761000002',
    firstName: 'Emir',
    lastName: 'Begić',
    customerNumber: '1000002',
    subscription: { plan: 'maxon', status: 'ACTIVE', nextPaymentInDays: 20 },
    card: { type: 'visa', last4: '4242' },
  },
  {
    email: 'deaktivirana@ontv.ba',
    phoneNumber: '38761000003',
    firstName: 'Lejla',
    lastName: 'Kovačević',
    customerNumber: '1000003',
    subscription: { plan: 'starton', status: 'DEACTIVATED', nextPaymentInDays: 10 },
    card: { type: 'master', last4: '5454' },
  },
  {
    email: 'deaktivirana.istekla@ontv.ba',
    phoneNumber: '38761000004',
    firstName: 'Haris',
    lastName: 'Mehić',
    customerNumber: '1000004',
    subscription: { plan: 'starton', status: 'DEACTIVATED', nextPaymentInDays: -3 },
    card: { type: 'maestro', last4: '0005' },
  },
  {
    email: 'blokirana@ontv.ba',
    phoneNumber: '38761000005',
    firstName: 'Sanja',
    lastName: 'Petrović',
    customerNumber: '1000005',
    subscription: { plan: 'maxon', status: 'BLOCKED', nextPaymentInDays: -10 },
    card: { type: 'visa', last4: '1881' },
  },
  {
    email: 'istekla@ontv.ba',
    phoneNumber: '38761000006',
    firstName: 'Dino',
    lastName: 'Alić',
    customerNumber: '1000006',
    subscription: { plan: 'starton', status: 'EXPIRED', nextPaymentInDays: -40 },
  },
  {
    // A pause that began 10 days ago and ends in 28 (product.md §10, A pause), after the others renew.
    email: 'pauzirana@ontv.ba',
    phoneNumber: '38761000008',
    firstName: 'Selma',
    lastName: 'Durić',
    customerNumber: '1000008',
    subscription: { plan: 'maxon', status: 'ACTIVE', nextPaymentInDays: 28, pausedDaysAgo: 10 },
    card: { type: 'visa', last4: '4242' },
  },
  {
    email: 'starton@ontv.ba',
    phoneNumber: '38761000007',
    firstName: 'Mirza',
    lastName: 'Hadžić',
    customerNumber: '1000007',
    subscription: { plan: 'starton', status: 'ACTIVE', nextPaymentInDays: 25 },
    card: { type: 'master', last4: '4444' },
  },
];

/** The demo customers this database holds (by e-mail, phone or customer number): none may be there when the server is no sandbox. */
export async function demoCustomersIn(db: Db): Promise<string[]> {
  return new DemoRepository(db).present(
    DEMO_CUSTOMERS.map((c) => c.email),
    DEMO_CUSTOMERS.map((c) => c.phoneNumber),
    DEMO_CUSTOMERS.map((c) => c.customerNumber),
  );
}

export async function seed(db: Db, keys: Keys, now: Date = new Date()): Promise<boolean> {
  const demo = new DemoRepository(db);
  if ((await demo.customerCount()) > 0) return false;
  // One hash for the shared demo password: hashing is deliberately slow, and these are demo accounts.
  await demo.addPromos();
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  for (const c of DEMO_CUSTOMERS) {
    const id = await demo.addCustomer({ ...c, passwordHash, pinSealed: sealPin(keys.sealing, drawPin()) });
    if (id === null) continue;
    if (c.subscription) {
      const { plan, status, nextPaymentInDays, pausedDaysAgo } = c.subscription;
      // A paused one's paid period ended when its pause began.
      const paidUntil = pausedDaysAgo === undefined ? nextPaymentInDays : -pausedDaysAgo;
      await demo.addSubscription(
        id,
        {
          plan,
          status,
          periodStart: isoDay(now, paidUntil - 30),
          nextPaymentOn: isoDay(now, nextPaymentInDays),
          ...(pausedDaysAgo === undefined ? {} : { pauseFrom: isoDay(now, -pausedDaysAgo) }),
        },
        now,
      );
    }
    if (c.card) {
      // The sandbox processor holds the card's payment method, so the demo cards can pay.
      const paymentMethod = `pm_seed_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      const expYear = (now.getUTCFullYear() + 3) % 100;
      await demo.addCard(
        id,
        {
          code: randomUUID(),
          type: c.card.type,
          last4: c.card.last4,
          holder: `${c.firstName} ${c.lastName}`,
          email: c.email,
          expYear,
          paymentMethod,
        },
        now,
      );
    }
  }
  return true;
}
