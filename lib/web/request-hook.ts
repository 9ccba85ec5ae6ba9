// `next start` owns the Node HTTP server; its 'request' event is the one place code can answer
// before Next's router runs. A hook returns true when it has answered. Each is installed once per
// process under its name; the one installed last runs first.
import http from 'node:http';

export type RequestHook = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export function addRequestHook(name: string, hook: RequestHook): void {
  const marker = Symbol.for(`pacewise.${name}`);
  const proto = http.Server.prototype as http.Server & { [marker]?: boolean };
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request' && hook(args[0] as http.IncomingMessage, args[1] as http.ServerResponse)) return true;
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof proto.emit;
}
