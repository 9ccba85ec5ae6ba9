// Development seed: a demo person to sign in with. Never run against a production database by the app.
import { hash } from '@node-rs/argon2';
import type { PrismaClient } from '@/lib/generated/prisma/client';

export const DEMO_EMAIL = 'demo@pacewise.example';
export const DEMO_PASSWORD = 'pacewise-demo-2026';
/**
 * The demo person's test subscription runs this long from seeding: an agent connected to a fresh
 * `npm run dev` can call every tool at once, without a checkout in the browser first.
 */
export const DEMO_SUBSCRIPTION_MS = 365 * 24 * 60 * 60 * 1000;

export async function seed(prisma: PrismaClient): Promise<{ demoUserCreated: boolean; demoSubscriptionCreated: boolean }> {
  const existing = await prisma.user.findUnique({ where: { email: DEMO_EMAIL }, select: { id: true } });
  const user =
    existing ?? (await prisma.user.create({ data: { email: DEMO_EMAIL, passwordHash: await hash(DEMO_PASSWORD) }, select: { id: true } }));
  // The same kind of subscription the test-mode checkout gives (provider `local`); an existing one
  // (bought, cancelled or expired by hand) is left as it is.
  const subscription = await prisma.subscription.findUnique({ where: { userId: user.id }, select: { userId: true } });
  if (!subscription) {
    await prisma.subscription.create({
      data: { userId: user.id, status: 'active', provider: 'local', currentPeriodEnd: new Date(Date.now() + DEMO_SUBSCRIPTION_MS) },
    });
  }
  return { demoUserCreated: !existing, demoSubscriptionCreated: !subscription };
}
