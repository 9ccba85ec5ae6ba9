// Seeds the development data (the demo person). Refuses production-looking targets unless forced.
import { config } from '@/lib/env';
import { db, closeDatabase } from '@/lib/database/client';
import { seed, DEMO_EMAIL } from '@/lib/database/seed';

const c = config();
if (c.databaseUrl && process.env.PACEWISE_ALLOW_SEED !== '1') {
  console.error('Refusing to seed a DATABASE_URL database (demo credentials are public). Set PACEWISE_ALLOW_SEED=1 to force.');
  process.exit(2);
}
const result = await seed(await db());
console.log(result.demoUserCreated ? `Seeded the demo person ${DEMO_EMAIL}.` : `The demo person ${DEMO_EMAIL} already exists.`);
if (result.demoSubscriptionCreated) console.log('Gave the demo person an active test subscription (provider local, one year).');
await closeDatabase();
