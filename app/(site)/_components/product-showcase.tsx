import { dayLabel } from '@/lib/views/week-plan';
import { showcase } from '@/lib/views/showcase';
import '@/lib/views/views.css';
import styles from './product-showcase.module.css';

/**
 * The product in the first screen: an agent conversation in which the demo athlete asks for the week
 * and why a session changed, answered with the views a person's agent shows (MCP Apps) and the
 * account page shows, rendered when the page is built (lib/views/showcase.ts: plain HTML and SVG, no
 * script). Every value is escaped by the renderers. Only the home page carries it.
 */
export function AgentConversation() {
  const views = showcase();
  return (
    <figure className={styles.conversation} aria-labelledby="conversation-caption" data-testid="showcase" data-demo-today={views.today}>
      <p className={styles.user}>What&rsquo;s my training this week?</p>
      <div className={styles.agent} data-testid="showcase-week">
        <p className={styles.who}>Agent, with Pacewise</p>
        <div dangerouslySetInnerHTML={{ __html: views.week }} />
      </div>
      <p className={styles.user}>Why did {views.changed.weekday}&rsquo;s session change?</p>
      <div className={styles.agent} data-testid="showcase-reason">
        <p className={styles.who}>Agent, with Pacewise</p>
        <div dangerouslySetInnerHTML={{ __html: views.reason }} />
      </div>
      <figcaption id="conversation-caption" className={styles.caption}>
        A demo athlete five weeks into a hybrid plan, in an AI agent. The plan, the loads and the reasons come from the same plan generator
        and adaptation rules as yours: logging {views.trigger.title.toLowerCase()} on {dayLabel(views.trigger.date)} changed{' '}
        {views.changed.weekday}.
      </figcaption>
    </figure>
  );
}

/** The demo athlete's five weeks: the progress view, with what each estimate did since the start. */
export function ProgressShowcase() {
  const views = showcase();
  return (
    <section className={styles.progress} aria-labelledby="progress-title" id="progress" data-testid="showcase-progress">
      <h2 id="progress-title">What five weeks of logging did</h2>
      <p className={styles.lead}>
        The same demo athlete: the estimates the coach prescribed from at the end of each week. Easy sets raised the lifts&rsquo; e1RM,
        threshold runs a little faster than their target raised the VDOT by at most half a point a week, and the paces and predicted times
        followed.
      </p>
      <div className={styles.panel} dangerouslySetInnerHTML={{ __html: views.progress }} />
    </section>
  );
}
