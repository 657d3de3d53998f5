/**
 * The bench's performance-budget tables: each budget page's mobile runs against its budget, the public
 * pages' Total Blocking Time against the stack's floor measured in the same session, and the floors' own runs.
 */
import { FLOOR_ROUTE, FLOORS, type FloorName } from '../floor';
import { BUDGET_RUNS, PERFORMANCE_BUDGETS, type LighthouseRow } from '../lighthouse';
import type { FloorRows } from './session';

type Budget = (typeof PERFORMANCE_BUDGETS)[number];

/** The middle of the runs' values (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The portal's median TBT over the floor's in the same session: ≤ 1 is within the budget. A floor with
 * no blocking time at all leaves the portal none either.
 */
function tbtRatio(portal: number, floor: number): number {
  if (floor > 0) return portal / floor;
  return portal > 0 ? Infinity : 0;
}

interface Measure {
  name: string;
  value: (row: LighthouseRow) => number;
  /** Held in each run, or by the runs' median. */
  of: 'every' | 'median';
  limit: string;
  /** None: the measure is shown, and held elsewhere (the TBT ratio). */
  holds?: (value: number) => boolean;
}

/** What a performance budget holds its pages' mobile runs to (the TBT ratio is printed on its own). */
function budgetMeasures(budget: Budget): Measure[] {
  const { every } = budget;
  const median = 'median' in budget ? budget.median : undefined;
  const measures: Measure[] = [
    {
      name: 'performance',
      value: (r) => r.performance,
      of: 'every',
      limit: `≥ ${every.minPerformance} each run`,
      holds: (v) => v >= every.minPerformance,
    },
  ];
  if (median)
    measures.push({
      name: 'LCP (ms)',
      value: (r) => r.lcpMs,
      of: 'median',
      limit: `median ≤ ${median.maxLcpMs}`,
      holds: (v) => v <= median.maxLcpMs,
    });
  if ('maxTbtMs' in every)
    measures.push({
      name: 'TBT (ms)',
      value: (r) => r.tbtMs,
      of: 'every',
      limit: `≤ ${every.maxTbtMs} each run`,
      holds: (v) => v <= every.maxTbtMs,
    });
  else measures.push({ name: 'TBT (ms)', value: (r) => r.tbtMs, of: 'median', limit: "median ≤ the floor's: below" });
  measures.push({
    name: 'CLS',
    value: (r) => r.cls,
    of: 'every',
    limit: `≤ ${every.maxCls} each run`,
    holds: (v) => v <= every.maxCls,
  });
  if ('minSeo' in every)
    measures.push({
      name: 'SEO',
      value: (r) => r.seo,
      of: 'every',
      limit: `≥ ${every.minSeo} each run`,
      holds: (v) => v >= every.minSeo,
    });
  return measures;
}

/** Whether a measure holds over a page's runs. */
function measureMet({ of, holds }: Measure & Required<Pick<Measure, 'holds'>>, values: number[]): boolean {
  if (values.length !== BUDGET_RUNS) return false;
  return of === 'every' ? values.every(holds) : holds(median(values));
}

/**
 * Each budget page's measures in each mobile run and their median, against its budget; then, for the
 * public pages, the portal's median TBT against the floor's median in the same session, as a ratio.
 */
export function printPerformanceBudget(rows: LighthouseRow[], floors: FloorRows): void {
  console.log(`\nLighthouse mobile, ${BUDGET_RUNS} runs, alternating with the stack's floors:`);
  const runs = Array.from({ length: BUDGET_RUNS }, (_, i) => `run ${i + 1}`).join(' | ');
  console.log(`| page | measure | ${runs} | median | budget |`);
  console.log(`|---|---|${'---|'.repeat(BUDGET_RUNS)}---|---|`);
  for (const budget of PERFORMANCE_BUDGETS) {
    for (const route of budget.routes) {
      const mine = rows.filter((r) => r.preset === 'mobile' && r.route === route);
      for (const measure of budgetMeasures(budget)) {
        const values = mine.map(measure.value);
        const holds = measure.holds;
        const verdict = holds
          ? `${measure.limit}: ${measureMet({ ...measure, holds }, values) ? 'met' : 'NOT met'}`
          : measure.limit;
        console.log(`| ${route} | ${measure.name} | ${values.join(' | ')} | ${median(values)} | ${verdict} |`);
      }
      console.log(
        `| ${route} | host CPU (benchmarkIndex) | ${mine.map((r) => r.benchmarkIndex).join(' | ')} | ${median(mine.map((r) => r.benchmarkIndex))} | - |`,
      );
    }
  }
  for (const budget of PERFORMANCE_BUDGETS) {
    if (!('tbtFloor' in budget)) continue;
    const floorRows = floors[budget.tbtFloor];
    const floorTbt = median(floorRows.map((r) => r.tbtMs));
    console.log(
      `\nTotal Blocking Time, median of ${BUDGET_RUNS} runs, against the floor's (${FLOORS[budget.tbtFloor].label}) in the same session:`,
    );
    console.log('| page | TBT median (ms) | floor TBT median (ms) | ratio | LCP median (ms) | budget |');
    console.log('|---|---|---|---|---|---|');
    for (const route of budget.routes) {
      const mine = rows.filter((r) => r.preset === 'mobile' && r.route === route);
      const tbt = median(mine.map((r) => r.tbtMs));
      const lcp = median(mine.map((r) => r.lcpMs));
      const ratio = tbtRatio(tbt, floorTbt);
      const met = mine.length === BUDGET_RUNS && floorRows.length === BUDGET_RUNS && ratio <= budget.median.maxTbtRatio;
      console.log(
        `| ${route} | ${tbt} | ${floorTbt} | ${ratio.toFixed(2)} | ${lcp} | ratio ≤ ${budget.median.maxTbtRatio.toFixed(1)}: ${met ? 'met' : 'NOT met'} |`,
      );
    }
  }
}

/**
 * The floors' mobile runs: what the least pages on the stack score on the same HTML, in the same session
 * as the budget's runs (the public pages' TBT is held to one of them).
 */
export function printFloor(floors: FloorRows): void {
  const measures: Array<[string, (row: LighthouseRow) => number]> = [
    ['performance', (r) => r.performance],
    ['LCP (ms)', (r) => r.lcpMs],
    ['TBT (ms)', (r) => r.tbtMs],
    ['CLS', (r) => r.cls],
    ['host CPU (benchmarkIndex)', (r) => r.benchmarkIndex],
  ];
  for (const floor of Object.keys(FLOORS) as FloorName[]) {
    const rows = floors[floor];
    console.log(
      `\nThe stack's floor: ${FLOOR_ROUTE}'s HTML with ${FLOORS[floor].label} in place of the portal's scripts, Lighthouse mobile:`,
    );
    console.log(`| measure | ${rows.map((_, i) => `run ${i + 1}`).join(' | ')} | median |`);
    console.log(`|---|${'---|'.repeat(rows.length)}---|`);
    for (const [name, value] of measures) {
      const values = rows.map(value);
      console.log(`| ${name} | ${values.join(' | ')} | ${median(values)} |`);
    }
  }
}
