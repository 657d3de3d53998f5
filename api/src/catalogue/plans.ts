import { createHash } from 'node:crypto';
import { plansResponseSchema, type Plan } from '@portal/shared/contract';
import type { PlansRepository } from '../repositories/plans';
import { fromFening } from '../money/amounts';
import { isoDay } from '../days';

async function listPlans(plans: PlansRepository, day: string): Promise<Plan[]> {
  return (await plans.list(day)).map((row) => ({
    code: row.code,
    name: row.name,
    price: fromFening(row.price_fening),
    promos: (row.promos ?? []).map((p) => ({
      status: p.status,
      promoType: p.promo_type,
      durationUntil: p.duration_until,
      durationDays: p.duration_days,
    })),
  }));
}

/** How long a process serves the plans from memory before it reads them again (docs/configuration.md). */
export const PLANS_FRESH_SECONDS = 10;

/** The plans as answered: the JSON body, checked against the contract, and its ETag. */
interface PlansSnapshot {
  body: string;
  etag: string;
  readAt: number;
}

/**
 * The public catalogue from memory: the plans are read, checked against the contract and serialised
 * once, then again when asked for more than PLANS_FRESH_SECONDS after that read (one read at a time).
 * A failed read serves the last plans read, when there are any: prices a few seconds old beat no page.
 */
export class PlansCache {
  private snapshot: PlansSnapshot | null = null;
  private reading: Promise<PlansSnapshot> | null = null;

  constructor(
    private readonly plans: PlansRepository,
    private readonly now: () => Date,
  ) {}

  async current(): Promise<PlansSnapshot> {
    const { snapshot } = this;
    if (snapshot && this.now().getTime() - snapshot.readAt < PLANS_FRESH_SECONDS * 1000) return snapshot;
    return this.read().catch((error: unknown) => {
      if (this.snapshot) return this.snapshot;
      throw error;
    });
  }

  private read(): Promise<PlansSnapshot> {
    this.reading ??= listPlans(this.plans, isoDay(this.now()))
      .then((plans) => {
        const body = JSON.stringify(plansResponseSchema.parse(plans));
        this.snapshot = {
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
          readAt: this.now().getTime(),
        };
        return this.snapshot;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }
}
