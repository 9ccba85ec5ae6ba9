// What the account and device pages call a client: a first-party client's own name, the client_name
// it registered with, else the name in its stored metadata document (a URL client_id), else its client_id.
import { storedClientNames } from './client-metadata-documents';
import { firstPartyName } from './first-party';
import { registrationsOf } from './store';

export async function clientNames(clientIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(clientIds)];
  const [registered, documents] = await Promise.all([registrationsOf(ids), storedClientNames(ids)]);
  const names = new Map<string, string>();
  for (const id of ids) {
    const name = (registered.find((c) => c.clientId === id)?.metadata as { client_name?: unknown } | undefined)?.client_name;
    names.set(id, firstPartyName(id) ?? (typeof name === 'string' && name ? name : (documents.get(id) ?? id)));
  }
  return names;
}
