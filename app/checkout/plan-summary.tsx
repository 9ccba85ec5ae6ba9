// The plan as checkout shows it: name, price (from content/plan.yaml, the one place it is written),
// the trial, what it includes and how to cancel.
import { getPlan } from '@/lib/content/plan';
import styles from './checkout.module.css';

export function PlanSummary({ trial }: { trial: boolean }) {
  const plan = getPlan();
  return (
    <section className={styles.plan} aria-labelledby="plan-heading" data-testid="plan">
      <h2 id="plan-heading">{plan.name}</h2>
      <p className={styles.price} data-testid="price">
        {plan.priceText}
      </p>
      {trial && plan.trialText ? <p>{`${plan.trialText}: nothing is charged before it ends.`}</p> : null}
      <h3>What it includes</h3>
      <ul>
        {plan.includes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>Cancelling</h3>
      <p>{plan.cancel}</p>
    </section>
  );
}
