// Consent decision: posted from /interaction/<uid> (same path, so the interaction cookie comes along).
import { cookies } from 'next/headers';
import { decideConsent, INTERACTION_COOKIE } from '@/lib/oauth/consent';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm } from '@/lib/auth/form-responses';
import { seeOther } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';

export async function POST(request: Request, { params }: { params: Promise<{ uid: string }> }) {
  const { uid } = await params;
  const form = await readForm(request);
  const person = await currentPerson();
  if (!person) return seeOther(`/sign-in?next=${encodeURIComponent(`/interaction/${uid}`)}`);
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return forbidden('This form has expired. Go back, reload the page and decide again.');
  }
  const decision = form.get('decision');
  if (decision !== 'approve' && decision !== 'decline') return forbidden('Choose Approve or Decline.');
  const result = await decideConsent(uid, (await cookies()).get(INTERACTION_COOKIE)?.value, person.userId, decision === 'approve');
  if (!result.ok) return forbidden(result.message);
  // The provider's resume URL is absolute (issuer origin); the browser continues there.
  return seeOther(result.redirectTo);
}
