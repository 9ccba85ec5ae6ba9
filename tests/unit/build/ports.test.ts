import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { portIsFree } from '@/lib/build/ports';

function listen(host: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => resolve(server));
  });
}

describe('portIsFree', () => {
  it('a port something listens on is taken (loopback and every interface); once closed it is free', async () => {
    const server = await listen('127.0.0.1');
    const port = (server.address() as net.AddressInfo).port;
    expect(await portIsFree(port)).toBe(false);
    expect(await portIsFree(port, null)).toBe(false);
    await new Promise((resolve) => server.close(resolve));
    expect(await portIsFree(port)).toBe(true);
  });
});
