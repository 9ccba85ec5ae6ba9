// The one way the app sends mail: SMTP through nodemailer (SMTP_URL). Without SMTP_URL (development
// only: lib/env.ts refuses to start a deployment without it) each message is written as an .eml file
// to the local mailbox folder (.data/mail), which any mail client opens; the newest file is the
// newest message. A transport is configuration, not request state: one per process is fine.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '@/lib/env';

export type Mail = { to: string; subject: string; text: string };

let transport: Transporter | undefined;

function smtp(url: string): Transporter {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/** Sends one plain-text message; throws when the SMTP server refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  const { smtpUrl, from, mailboxDir } = config().mail;
  const message = { from, to: mail.to, subject: mail.subject, text: mail.text };
  if (smtpUrl) {
    await smtp(smtpUrl).sendMail(message);
    return;
  }
  const local = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await local.sendMail(message);
  const dir = path.resolve(mailboxDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`;
  // Owner-only: the messages hold sign-in and reset links.
  fs.writeFileSync(path.join(dir, name), info.message as Buffer, { mode: 0o600, flag: 'wx' });
}
