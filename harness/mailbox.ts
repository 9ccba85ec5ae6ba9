// A real SMTP server for tests (the `smtp-server` package): the app under test sends its mail here
// through SMTP_URL, exactly as in production, and tests read the links from what arrived.
// The suite's shared server has its mailbox in the global setup's process: it also writes each message
// to a folder (`folder`), which test files read through mailboxFolder().
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string; receivedAt: number };

export type Mailbox = {
  url: string;
  messages: ReceivedMail[];
  /** The newest message to `to` whose subject matches (and `where`, if given), waiting up to `timeoutMs` for it. */
  waitFor: (
    to: string,
    subject: RegExp,
    options?: { after?: number; timeoutMs?: number; where?: (m: ReceivedMail) => boolean },
  ) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

type WaitFor = Mailbox['waitFor'];

/** The first link in a message to `pathname` on the site. */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  const found = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((u) => new URL(u))
    .find((u) => u.pathname === pathname);
  if (!found) throw new Error(`no ${pathname} link in "${mail.subject}":\n${mail.text}`);
  return found;
}

/** `waitFor` over the messages `read` returns (polled: delivery is prompt, but never raced). */
function waiter(read: () => ReceivedMail[]): WaitFor {
  return async (to, subject, options = {}) => {
    // Generous: delivery is prompt, but a loaded machine must not fail a test by being slow.
    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    for (;;) {
      const messages = read();
      const found = messages
        .filter(
          (m) =>
            m.to.includes(to.toLowerCase()) &&
            subject.test(m.subject) &&
            m.receivedAt >= (options.after ?? 0) &&
            (options.where?.(m) ?? true),
        )
        .at(-1);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no mail to ${to} matching ${subject} (received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  };
}

/**
 * The messages a mailbox started with `folder` (the suite server's, in the global setup's process)
 * has received, read from that folder by a test file: the same `waitFor`.
 */
export function mailboxFolder(folder: string): { waitFor: WaitFor } {
  return {
    waitFor: waiter(() =>
      fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as ReceivedMail),
    ),
  };
}

/** A mailbox on `port` (0: any free one); with `folder`, each message is also written there as JSON. */
export async function startMailbox(port = 0, options: { folder?: string } = {}): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Loopback only, plain SMTP: no STARTTLS offered (the app would refuse the self-signed
    // certificate), no authentication asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const received: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: Date.now(),
          };
          messages.push(received);
          if (options.folder) {
            // Whole or not at all for a reader in another process: written aside, then renamed in.
            const name = `${String(received.receivedAt).padStart(15, '0')}-${String(messages.length).padStart(6, '0')}`;
            fs.writeFileSync(path.join(options.folder, `${name}.part`), JSON.stringify(received));
            fs.renameSync(path.join(options.folder, `${name}.part`), path.join(options.folder, `${name}.json`));
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    waitFor: waiter(() => messages),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
