// A real SMTP server for tests (the `smtp-server` package): the app under test sends its mail here
// through SMTP_URL, exactly as in production, and tests read the links from what arrived.
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

/** The first link in a message to `pathname` on the site. */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  const found = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((u) => new URL(u))
    .find((u) => u.pathname === pathname);
  if (!found) throw new Error(`no ${pathname} link in "${mail.subject}":\n${mail.text}`);
  return found;
}

export async function startMailbox(port = 0): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Loopback only, plain SMTP: no STARTTLS offered (the app would refuse the self-signed
    // certificate), no authentication asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: Date.now(),
          });
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
    async waitFor(to, subject, options = {}) {
      // Generous: delivery is prompt, but a loaded machine must not fail a test by being slow.
      const deadline = Date.now() + (options.timeoutMs ?? 120_000);
      for (;;) {
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
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
