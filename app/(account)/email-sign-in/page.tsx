import type { Metadata } from 'next';
import type { SearchParams } from '@/lib/auth/page-guards';
import { MailedLink } from '../_components/mailed-link';

export const metadata: Metadata = { title: 'Sign in with your e-mail link', robots: { index: false }, referrer: 'no-referrer' };

export default async function EmailSignInPage({ searchParams }: { searchParams: SearchParams }) {
  return <MailedLink here="/email-sign-in" params={await searchParams} purpose="sign_in" heading="Sign in to Pacewise" button="Sign in" />;
}
