// Development seed: a demo person to sign in with. Never run against a production database by the app.
import { hash } from '@node-rs/argon2';
import type { PrismaClient } from '@/lib/generated/prisma/client';

export const DEMO_EMAIL = 'demo@pacewise.example';
export const DEMO_PASSWORD = 'pacewise-demo-2026';

export async function seed(prisma: PrismaClient): Promise<{ demoUserCreated: boolean }> {
  const existing = await prisma.user.findUnique({ where: { email: DEMO_EMAIL } });
  if (existing) return { demoUserCreated: false };
  await prisma.user.create({ data: { email: DEMO_EMAIL, passwordHash: await hash(DEMO_PASSWORD) } });
  return { demoUserCreated: true };
}
