// The subscription plan from content/plan.yaml: the one place its price is written. Only the
// checkout and account pages read it; the Content API and the public pages never do.
import { z } from 'zod';
import { planDocument } from './source';

const PlanFile = z.object({
  name: z.string().min(1),
  price: z.string().min(1),
  interval: z.enum(['month', 'year']),
  trialDays: z.number().int().min(0).max(90),
  includes: z.array(z.string().min(1)).min(1),
  cancel: z.string().min(1),
});

export type Plan = z.infer<typeof PlanFile> & {
  /** "$12 a month". */
  priceText: string;
  /** "14-day free trial", or null without one. */
  trialText: string | null;
};

const file = PlanFile.parse({
  name: planDocument.name,
  price: planDocument.price,
  interval: planDocument.interval,
  trialDays: planDocument.trialDays,
  includes: planDocument.includes,
  cancel: planDocument.cancel,
});

const plan: Plan = {
  ...file,
  priceText: `${file.price} a ${file.interval}`,
  trialText: file.trialDays > 0 ? `${file.trialDays}-day free trial` : null,
};

export function getPlan(): Plan {
  return plan;
}
