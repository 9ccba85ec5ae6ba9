import { z } from 'zod';
import { faqDocument } from './source';

const FaqFile = z.array(
  z.strictObject({
    question: z.string().min(1),
    answer: z.string().min(1),
    href: z.string().regex(/^\/[^\s]*$/, 'href must be a site-relative path').optional(),
  }),
);

export type FaqItem = z.infer<typeof FaqFile>[number];

const items = FaqFile.parse(faqDocument.items);

export function getFaq(): FaqItem[] {
  return items;
}
