import type { Metadata } from 'next';
import { getSite } from '@/lib/content';

export function generateMetadata(): Metadata {
  const site = getSite();
  return { title: { absolute: `${site.name}: adaptive strength and running coach` }, description: site.description, alternates: { canonical: '/' } };
}

export default function HomePage() {
  const site = getSite();
  return (
    <main>
      <h1>{site.name}</h1>
      <p>{site.description}</p>
    </main>
  );
}
