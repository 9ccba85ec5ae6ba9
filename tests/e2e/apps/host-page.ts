// A minimal MCP Apps host for the browser tests, on the SDK's host-side bridge (AppBridge): loads a
// view document into a sandboxed iframe (scripts only, no same-origin, and a CSP that allows no
// network at all), answers the view's handshake with a theme, sends the tool result, and forwards
// the view's tool calls to the test (which calls the real server); it records the sizes the view
// reports and can change the theme and tear the view down later. Bundled by the test with esbuild.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

type CallToolParams = { name: string; arguments?: Record<string, unknown> };
declare global {
  interface Window {
    pacewiseHost: {
      show(document: string, result: unknown, theme: 'light' | 'dark'): Promise<void>;
      sizes: { width?: number; height?: number }[];
      setTheme(theme: 'light' | 'dark'): void;
      teardown(): Promise<unknown>;
    };
    callServerTool(params: CallToolParams): Promise<unknown>;
  }
}

const NO_NETWORK = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">`;

let bridge: AppBridge;

window.pacewiseHost = {
  sizes: [],
  setTheme: (theme) => bridge.setHostContext({ theme, displayMode: 'inline' }),
  teardown: () => bridge.teardownResource({}, { timeout: 60_000 }),
  async show(document, result, theme) {
    const iframe = window.document.getElementById('app') as HTMLIFrameElement;
    bridge = new AppBridge(
      null,
      { name: 'pacewise-test-host', version: '1.0.0' },
      { serverTools: {} },
      { hostContext: { theme, displayMode: 'inline' } },
    );
    bridge.onsizechange = (size) => window.pacewiseHost.sizes.push(size);
    bridge.oncalltool = async (params) => (await window.callServerTool(params as CallToolParams)) as never;
    const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
    // Listening before the document loads: the view says hello as soon as its script runs.
    await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
    iframe.srcdoc = document.replace('<head>', `<head>${NO_NETWORK}`);
    await initialized;
    await bridge.sendToolInput({ arguments: {} });
    await bridge.sendToolResult(result as never);
  },
};
