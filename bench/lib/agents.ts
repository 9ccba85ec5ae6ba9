// People and agents for the bench and stress runs (shared with the fuzzers), and pending device codes.
import { registerDeviceClient, simulatedAddress, startDeviceAuthorization } from '../../harness/oauth';

export { PROTOCOL, callTool, connectAgent, subscribedPerson, tool, type Connected } from '../../harness/people';

export type PendingDevice = { clientId: string; deviceCode: string; address: string };

/** `count` fresh pending device codes for one device client, each requested from its own address. */
export async function pendingDeviceCodes(baseUrl: string, count: number): Promise<PendingDevice[]> {
  const clientId = await registerDeviceClient(baseUrl, 'Bench poller', { 'x-forwarded-for': simulatedAddress() });
  const out: PendingDevice[] = [];
  for (let i = 0; i < count; i++) {
    const address = simulatedAddress();
    const d = await startDeviceAuthorization(baseUrl, clientId, undefined, { 'x-forwarded-for': address });
    out.push({ clientId, deviceCode: d.device_code, address });
  }
  return out;
}
