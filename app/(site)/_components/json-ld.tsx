import { serializeJsonLd, type JsonLd as JsonLdData } from '@/lib/seo/json-ld';

/** Structured data for search engines and agents, escaped so it cannot break out of the script element. */
export function JsonLd({ data }: { data: JsonLdData }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
