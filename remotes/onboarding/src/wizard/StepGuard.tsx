import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from '@portal/shared';

/**
 * A wizard screen's step check (product.md §4): shown only when the stored step is one it accepts, then it
 * records its own step; any other step sends the visitor to the wizard's start. The check is made
 * once, on arrival, so recording the new step does not undo it.
 */
export function StepGuard({
  step,
  accepts,
  sets,
  start,
  children,
}: {
  step: () => number;
  accepts: number[];
  sets?: () => void;
  start: string;
  children: ReactNode;
}) {
  const [allowed] = useState(() => accepts.includes(step()));
  useEffect(() => {
    if (allowed) sets?.();
  }, [allowed, sets]);
  if (!allowed) return <Navigate to={start} replace />;
  return children;
}
