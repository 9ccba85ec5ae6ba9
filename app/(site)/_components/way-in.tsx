import Link from 'next/link';
import { GET_STARTED_PATH } from './navigation';

/** The end of every post: what Pacewise is, in a sentence, and the two steps in. */
export function WayIn() {
  return (
    <aside className="card way-in" aria-labelledby="way-in-title" data-testid="way-in">
      <h2 id="way-in-title">Train with a coach that shows its working</h2>
      <p>
        Pacewise is the strength-and-running coach inside Claude, ChatGPT and other AI agents: it adapts every session to the training you
        complete and tells you why. Create an account, then connect your agent. Connecting is free; coaching needs a{' '}
        <Link href="/#pricing">subscription</Link>.
      </p>
      <p className="actions">
        <a className="button button-primary" href={GET_STARTED_PATH}>
          Create your account
        </a>
        <Link className="button" href="/agents">
          Connect your agent
        </Link>
      </p>
    </aside>
  );
}
