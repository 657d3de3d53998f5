/**
 * The named stack's floor, remote side: the least a public page on the product's stack does. It asks
 * the API for the packages with axios, reads the answer with a zod schema, keeps it in a zustand store
 * and renders the names and prices with React 19. No router, query cache, contract or portal code.
 */
import axios from 'axios';
import { createElement, useEffect } from 'react';
import * as z from 'zod/mini';
import { create } from 'zustand';

const Plans = z.array(z.object({ code: z.string(), name: z.string(), price: z.number() }));
type Plan = z.infer<typeof Plans>[number];

const usePlans = create<{ plans: Plan[]; set: (plans: Plan[]) => void }>((set) => ({
  plans: [],
  set: (plans) => set({ plans }),
}));

export function Page() {
  const { plans, set } = usePlans();
  useEffect(() => {
    void axios.get('/api/ontv/plans').then((answer) => set(Plans.parse(answer.data)));
  }, [set]);
  return createElement(
    'ul',
    null,
    plans.map((plan) => createElement('li', { key: plan.code }, `${plan.name}: ${plan.price} KM`)),
  );
}
