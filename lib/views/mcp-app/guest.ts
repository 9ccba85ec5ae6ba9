// The view's side of the MCP Apps protocol (SEP-1865): JSON-RPC 2.0 over postMessage with the host
// frame. The SDK's `App` class (@modelcontextprotocol/ext-apps) brings the whole MCP protocol layer
// and zod with it (about 345 KB minified even without zod's locales), so a view could not stay near
// 150 KB; the few messages a view needs are sent here instead, typed by the SDK's own spec types,
// with the SDK's constants checked in tests/unit/views/documents.test.ts and the wire checked against
// the SDK's host bridge in Chromium (tests/e2e/apps/views.test.ts).
import type {
  McpUiHostContext,
  McpUiHostContextChangedNotification,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiInitializedNotification,
  McpUiResourceTeardownRequest,
  McpUiSizeChangedNotification,
  McpUiToolResultNotification,
} from '@modelcontextprotocol/ext-apps';

export type ToolResult = McpUiToolResultNotification['params'];

/** The SDK's names (ext-apps 2.0.4), each typed by the message it names. */
export const PROTOCOL = {
  version: '2026-01-26',
  initialize: 'ui/initialize' satisfies McpUiInitializeRequest['method'],
  initialized: 'ui/notifications/initialized' satisfies McpUiInitializedNotification['method'],
  toolResult: 'ui/notifications/tool-result' satisfies McpUiToolResultNotification['method'],
  hostContextChanged: 'ui/notifications/host-context-changed' satisfies McpUiHostContextChangedNotification['method'],
  sizeChanged: 'ui/notifications/size-changed' satisfies McpUiSizeChangedNotification['method'],
  teardown: 'ui/resource-teardown' satisfies McpUiResourceTeardownRequest['method'],
} as const;

// As the SDK's Protocol: a request the host never answers fails instead of hanging the view.
const REQUEST_TIMEOUT_MS = 60_000;

type Message = {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
};
type Pending = { resolve(result: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> };

export class ViewGuest {
  /** The tool result the view was opened for (and any later one the host sends). */
  ontoolresult?: (result: ToolResult) => void;
  /** What changed in the host's context (theme, style variables, safe area). */
  onhostcontextchanged?: (changed: McpUiHostContextChangedNotification['params']) => void;
  hostContext: McpUiHostContext | undefined;

  private nextId = 1;
  private readonly pending = new Map<string | number, Pending>();

  constructor(private readonly appInfo: { name: string; version: string }) {
    window.addEventListener('message', (event) => {
      // Only the host frame speaks to the view.
      if (event.source !== window.parent) return;
      const message = event.data as Message;
      if (message?.jsonrpc === '2.0') this.receive(message);
    });
  }

  /** The handshake: ui/initialize, then ui/notifications/initialized, then the view's size as it changes. */
  async connect(): Promise<McpUiHostContext | undefined> {
    const params: McpUiInitializeRequest['params'] = { appInfo: this.appInfo, appCapabilities: {}, protocolVersion: PROTOCOL.version };
    const result = (await this.request(PROTOCOL.initialize, params)) as McpUiInitializeResult;
    this.hostContext = result.hostContext;
    this.notify(PROTOCOL.initialized);
    this.reportSize();
    return this.hostContext;
  }

  /** tools/call through the host, on the connection (and so with the scopes) the agent uses. */
  async callServerTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<ToolResult> {
    return (await this.request('tools/call', params)) as ToolResult;
  }

  private receive(message: Message): void {
    if (message.method === undefined) {
      const pending = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id!);
      clearTimeout(pending.timer);
      if (message.error) pending.reject(new Error(`MCP Apps host error ${message.error.code}: ${message.error.message}`));
      else pending.resolve(message.result);
      return;
    }
    if (message.id !== undefined) {
      // Requests from the host: a liveness check and "about to close" want an empty result.
      if (message.method === 'ping' || message.method === PROTOCOL.teardown) this.post({ jsonrpc: '2.0', id: message.id, result: {} });
      else this.post({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
      return;
    }
    if (message.method === PROTOCOL.toolResult) this.ontoolresult?.(message.params as ToolResult);
    else if (message.method === PROTOCOL.hostContextChanged) {
      const changed = message.params as McpUiHostContextChangedNotification['params'];
      this.hostContext = { ...this.hostContext, ...changed };
      this.onhostcontextchanged?.(changed);
    }
  }

  private request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`MCP Apps host did not answer ${method} within ${REQUEST_TIMEOUT_MS / 1000} s`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.post({ jsonrpc: '2.0', id, method, params });
    });
  }

  private notify(method: string, params?: unknown): void {
    this.post({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  private post(message: Message): void {
    window.parent.postMessage(message, '*');
  }

  /** As the SDK's autoResize: the document's full height and the frame's width, once per frame when they change. */
  private reportSize(): void {
    let queued = false;
    let width = 0;
    let height = 0;
    const measure = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        const html = document.documentElement;
        const before = html.style.height;
        html.style.height = 'max-content';
        const h = Math.ceil(html.getBoundingClientRect().height);
        html.style.height = before;
        const w = Math.ceil(window.innerWidth);
        if (w === width && h === height) return;
        width = w;
        height = h;
        this.notify(PROTOCOL.sizeChanged, { width: w, height: h } satisfies McpUiSizeChangedNotification['params']);
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    observer.observe(document.body);
  }
}

/** The host's theme on the document (as the SDK's applyDocumentTheme). */
export function applyDocumentTheme(theme: NonNullable<McpUiHostContext['theme']>): void {
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
}

/** The host's CSS variables on the document (as the SDK's applyHostStyleVariables). */
export function applyHostStyleVariables(variables: NonNullable<NonNullable<McpUiHostContext['styles']>['variables']>): void {
  for (const [name, value] of Object.entries(variables)) if (value !== undefined) document.documentElement.style.setProperty(name, value);
}
