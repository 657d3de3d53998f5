import type { Db, Queryable } from '../db/db';
import { ASIDE, type WriteScope } from '../db/keptReads';
import { AuditRepository } from './audit';
import { BillingAttemptsRepository } from './billingAttempts';
import { CardsRepository } from './cards';
import { CustomersRepository } from './customers';
import { DemoRepository } from './demo';
import { DisputesRepository } from './disputes';
import { InvoicePdfsRepository } from './invoicePdfs';
import { InvoicesRepository } from './invoices';
import { LedgerRepository } from './ledger';
import { OpenOrdersRepository } from './openOrders';
import { OrdersRepository } from './orders';
import { OutboxRepository } from './outbox';
import { PlansRepository } from './plans';
import { PricesRepository } from './prices';
import { RateLimitsRepository } from './rateLimits';
import { RefundsRepository } from './refunds';
import { RenewalsRepository } from './renewals';
import { SandboxProcessorRepository } from './sandboxProcessor';
import { SessionsRepository } from './sessions';
import { StaffRepository } from './staff';
import { SubscriptionsRepository } from './subscriptions';
import { VerificationsRepository } from './verifications';
import { VouchersRepository } from './vouchers';

import { PasskeysRepository } from './passkeys';
import { PausesRepository } from './pauses';
/**
 * Every repository, on one database connection or transaction. The repositories own the SQL: nothing
 * else in the API writes any (docs/architecture.md); routes, services and jobs call their methods.
 */
export class Repositories {
  readonly customers: CustomersRepository;
  readonly sessions: SessionsRepository;
  readonly verifications: VerificationsRepository;
  readonly cards: CardsRepository;
  readonly plans: PlansRepository;
  readonly prices: PricesRepository;
  readonly subscriptions: SubscriptionsRepository;
  readonly renewals: RenewalsRepository;
  readonly orders: OrdersRepository;
  readonly invoices: InvoicesRepository;
  readonly billingAttempts: BillingAttemptsRepository;
  readonly invoicePdfs: InvoicePdfsRepository;
  readonly outbox: OutboxRepository;
  readonly rateLimits: RateLimitsRepository;
  readonly sandboxProcessor: SandboxProcessorRepository;
  readonly demo: DemoRepository;
  readonly staff: StaffRepository;
  readonly audit: AuditRepository;
  readonly refunds: RefundsRepository;
  readonly vouchers: VouchersRepository;
  readonly ledger: LedgerRepository;
  readonly disputes: DisputesRepository;
  readonly openOrders: OpenOrdersRepository;
  readonly passkeys: PasskeysRepository;
  readonly pauses: PausesRepository;

  constructor(q: Queryable) {
    // The console's sessions and trail and the limits' counters are read by no kept read
    // (db/preparedReads.ts): on the database itself, their writes are made aside. In a transaction,
    // the transaction's scope holds for all its writes.
    const aside = 'writingFor' in q ? (q as Db).writingFor(ASIDE) : q;
    this.customers = new CustomersRepository(q);
    this.sessions = new SessionsRepository(q);
    this.verifications = new VerificationsRepository(q);
    this.cards = new CardsRepository(q);
    this.plans = new PlansRepository(q);
    this.prices = new PricesRepository(q);
    this.subscriptions = new SubscriptionsRepository(q);
    this.renewals = new RenewalsRepository(q);
    this.orders = new OrdersRepository(q);
    this.invoices = new InvoicesRepository(q);
    this.billingAttempts = new BillingAttemptsRepository(q);
    this.invoicePdfs = new InvoicePdfsRepository(q);
    this.outbox = new OutboxRepository(q);
    this.rateLimits = new RateLimitsRepository(aside);
    this.sandboxProcessor = new SandboxProcessorRepository(q);
    this.demo = new DemoRepository(q);
    this.staff = new StaffRepository(aside);
    this.audit = new AuditRepository(aside);
    this.refunds = new RefundsRepository(q);
    this.vouchers = new VouchersRepository(q);
    this.ledger = new LedgerRepository(q);
    this.disputes = new DisputesRepository(q);
    this.openOrders = new OpenOrdersRepository(q);
    this.passkeys = new PasskeysRepository(q);
    this.pauses = new PausesRepository(q);
  }
}

/** The repositories on the database, built once per server, and transactions that hand out the same repositories bound to them. */
export class Store extends Repositories {
  constructor(readonly db: Db) {
    super(db);
  }

  /**
   * The same repositories for writes of `scope`'s rows alone (db/types.ts `writingFor`): a customer's
   * number as text, or `ASIDE` for tables no kept read reads.
   */
  writingFor(scope: WriteScope): Store {
    return new Store(this.db.writingFor(scope));
  }

  /** Runs `work` in one transaction: all or nothing. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    return this.db.transaction((q) => work(new Repositories(q)));
  }

  /** Runs `work` while this process holds the named lock (db/db.ts `exclusively`); null when another holds it. */
  exclusively<T>(lockId: number, work: () => Promise<T>): Promise<T | null> {
    return this.db.exclusively(lockId, work);
  }

  /** Runs `work` while this process holds the named lock shared (db/db.ts `shared`); null while one holds it exclusively. */
  shared<T>(lockId: number, work: () => Promise<T>): Promise<T | null> {
    return this.db.shared(lockId, work);
  }
}
