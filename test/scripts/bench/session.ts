/**
 * The performance budget's Lighthouse session: the budget's pages and the stack's floors, run for run in
 * turn on the same machine.
 */
import { FLOOR_ROUTE, FLOORS, startFloors, type FloorName } from '../floor';
import { BUDGET_ROUTES, runLighthouse, type LighthouseRow } from '../lighthouse';

export type FloorRows = Record<FloorName, LighthouseRow[]>;

/**
 * The performance budget's session: `runs` Lighthouse mobile runs of the budget's pages (signed out),
 * each followed by one run of each of the stack's floors (test/scripts/floor.ts), labelled as the page
 * they copy. Portal and floors alternate, so a slower minute of the machine falls on both. `first` is
 * a run of the portal's pages made already (the full pass's mobile rows).
 */
export async function budgetSession(
  portalUrl: string,
  runs: number,
  first: LighthouseRow[] = [],
): Promise<{ budget: LighthouseRow[]; floor: FloorRows }> {
  const floors = await startFloors(portalUrl);
  try {
    const budget: LighthouseRow[] = [];
    const floor: FloorRows = { react: [], stack: [], stackInSteps: [] };
    for (let run = 0; run < runs; run++) {
      budget.push(
        ...(run === 0 && first.length > 0
          ? first
          : await runLighthouse(portalUrl, null, { routes: BUDGET_ROUTES, preset: 'mobile' })),
      );
      for (const name of Object.keys(FLOORS) as FloorName[])
        floor[name].push(
          ...(await runLighthouse(floors.urls[name], null, { routes: [FLOOR_ROUTE], preset: 'mobile' })),
        );
    }
    return { budget, floor };
  } finally {
    await floors.stop();
  }
}
