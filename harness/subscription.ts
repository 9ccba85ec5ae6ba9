// Activates a person's subscription the way a person does: the agent asks for a checkout link
// (get_payment_checkout_link over MCP), the person opens it signed in and confirms (test mode).
import { FormSession, hiddenField } from './oauth';
import { callToolRequest, rpc } from './mcp';

export async function checkoutLink(baseUrl: string, accessToken: string): Promise<{ url: string; expiresAt: string }> {
  const reply = await rpc(baseUrl, callToolRequest('get_payment_checkout_link'), {
    token: accessToken,
    headers: { 'mcp-protocol-version': '2025-11-25' },
  });
  const result = (reply.json as { result?: { structuredContent?: { url: string; expiresAt: string }; isError?: boolean } }).result;
  if (!result?.structuredContent?.url || result.isError) throw new Error(`no checkout link: ${reply.raw}`);
  return result.structuredContent;
}

/** Opens a checkout link as the signed-in person and confirms it; returns the final page's HTML. */
export async function confirmCheckout(session: FormSession, url: string): Promise<string> {
  const path = new URL(url).pathname;
  const page = await session.follow(path);
  const csrf = hiddenField(page.html, 'csrf');
  if (!csrf || !page.html.includes('Confirm subscription'))
    throw new Error(`checkout page has no confirm form (status ${page.res.status}): ${page.html.slice(0, 300)}`);
  return (await session.follow(`${path}/confirm`, { form: { csrf } })).html;
}

/** The checkout as the person; with `session` (already signed in, as signUp returns) without signing in again. */
export async function activateSubscription(
  baseUrl: string,
  options: { email: string; password: string; accessToken: string; session?: FormSession },
): Promise<void> {
  const link = await checkoutLink(baseUrl, options.accessToken);
  let session = options.session;
  if (!session) {
    session = new FormSession(baseUrl);
    await session.signIn(options.email, options.password, new URL(link.url).pathname);
  }
  const html = await confirmCheckout(session, link.url);
  if (!html.includes('subscription is active')) throw new Error('checkout did not complete');
}
