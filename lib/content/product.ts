import { z } from 'zod';
import { integrationCatalogue } from './integration-catalogue';
import { fillEngineExamples } from './engine-examples';
import { productDocument } from './source';
import { getSite } from './site';

const ProductFile = z.strictObject({
  name: z.string().min(1),
  alternateNames: z.array(z.string().min(1)),
  tagline: z.string().min(1),
  description: z.string().min(1),
  principle: z.string().min(1).optional(),
  applicationCategory: z.string().min(1),
  applicationSubCategory: z.string().min(1).optional(),
  operatingSystem: z.string().min(1),
  audience: z.string().min(1).optional(),
  features: z.array(z.strictObject({ name: z.string().min(1), description: z.string().min(1) })).min(1),
});

export type Product = z.infer<typeof ProductFile> & { downloadUrl: string; integrations: string[] };

const { _id, _raw, type, ...fields } = productDocument;
void _id; void _raw; void type;
const file = ProductFile.parse(fields);
// Feature copy may quote the engine (`{{engine:...}}`); pages render these fields as text.
const parsed: z.infer<typeof ProductFile> = {
  ...file,
  tagline: fillEngineExamples(file.tagline),
  description: fillEngineExamples(file.description),
  ...(file.principle !== undefined ? { principle: fillEngineExamples(file.principle) } : {}),
  features: file.features.map((f) => ({ name: f.name, description: fillEngineExamples(f.description) })),
};

/**
 * Product facts from content/product.yaml; the download URL is the web app's install page; the
 * integrations are the ones a person can connect (the phone health stores need a native app).
 */
export function getProduct(): Product {
  return {
    ...parsed,
    downloadUrl: getSite().downloadUrl,
    integrations: integrationCatalogue.filter((i) => i.kind === 'oauth').map((i) => i.name),
  };
}
