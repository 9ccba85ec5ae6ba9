import { z } from 'zod';
import { fillEngineExamples } from './engine-examples';
import { faqDocument } from './source';
import { fillSiteFacts } from './site';

const FaqFile = z.array(
  z.strictObject({
    question: z.string().min(1),
    answer: z.string().min(1),
    href: z.string().regex(/^\/[^\s]*$/, 'href must be a site-relative path').optional(),
  }),
);

export type FaqItem = z.infer<typeof FaqFile>[number];

// Answers may quote the engine (`{{engine:...}}`); the FAQ page renders them as text, so no HTML escaping.
const items = FaqFile.parse(faqDocument.items).map((i) => ({ ...i, question: fillEngineExamples(i.question), answer: fillEngineExamples(fillSiteFacts(i.answer)) }));

export function getFaq(): FaqItem[] {
  return items;
}
