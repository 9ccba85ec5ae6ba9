import type { Metadata } from 'next';
import { getPage } from '@/lib/content';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import Link from 'next/link';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  return metadataForPage('how-it-works');
}

export default function HowItWorksPage() {
  return (
    <CopyPage page={getPage('how-it-works')}>
      <p>
        See the rules at work on <Link href="/#hero-title">the home page</Link>: a demo athlete&rsquo;s week, the reason one session
        changed, and <Link href="/#progress">five weeks of progress</Link>.
      </p>
    </CopyPage>
  );
}
