// The mail transport: SMTP when SMTP_URL is set (a real smtp-server on loopback), else one owner-only
// .eml file per message in the development mailbox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMailbox } from '../../../harness/mailbox';

const cwd = process.cwd();
afterEach(() => {
  process.chdir(cwd);
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('sendMail', () => {
  it('without SMTP_URL writes an .eml file the developer can open, readable by the owner only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-mail-'));
    process.chdir(dir);
    vi.stubEnv('SMTP_URL', '');
    const { sendMail } = await import('@/lib/mail/transport');
    await sendMail({
      to: 'runner@example.com',
      subject: 'Reset your Pacewise password',
      text: 'Open http://localhost:3000/reset-password?token=abc',
    });
    const files = fs.readdirSync(path.join(dir, '.data', 'mail'));
    expect(files).toHaveLength(1);
    const file = path.join(dir, '.data', 'mail', files[0]!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect([parsed.subject, parsed.text?.trim(), parsed.from?.text]).toEqual([
      'Reset your Pacewise password',
      'Open http://localhost:3000/reset-password?token=abc',
      '"Pacewise" <no-reply@localhost>',
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('with SMTP_URL delivers through that SMTP server', async () => {
    const mailbox = await startMailbox();
    try {
      vi.stubEnv('SMTP_URL', mailbox.url);
      const { sendMail } = await import('@/lib/mail/transport');
      await sendMail({ to: 'Runner@Example.com', subject: 'Hello', text: 'Line one\nLine two' });
      const got = await mailbox.waitFor('runner@example.com', /^Hello$/, { timeoutMs: 5000 });
      expect(got.text.trim()).toBe('Line one\nLine two');
    } finally {
      await mailbox.close();
    }
  });

  it('an SMTP server that refuses the message is an error, not silence', async () => {
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:1');
    const { sendMail } = await import('@/lib/mail/transport');
    await expect(sendMail({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
  });
});
