import type { Metadata } from 'next';
import type { SearchParams } from '@/lib/auth/page-guards';
import { MailedLink } from '../_components/mailed-link';

export const metadata: Metadata = { title: 'Confirm your e-mail address', robots: { index: false }, referrer: 'no-referrer' };

export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <MailedLink
      here="/verify-email"
      params={await searchParams}
      purpose="verify"
      heading="Confirm your e-mail address"
      button="Confirm my address and sign in"
    />
  );
}
