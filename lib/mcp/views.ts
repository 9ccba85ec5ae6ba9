// The MCP Apps views (SEP-1865, @modelcontextprotocol/ext-apps): one self-contained HTML resource
// per view (one template and one script for all three: lib/views/mcp-app), named by the tools
// whose results they show (`_meta.ui.resourceUri`). Hosts without MCP Apps ignore both.
import type { McpServer } from '@modelcontextprotocol/server';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { VIEW_TITLES, viewDocument, type ViewName } from '@/lib/views/mcp-app/document';

export type { ViewName };

export const viewUri = (view: ViewName) => `ui://pacewise/${view}.html`;

const DESCRIPTIONS: Record<ViewName, string> = {
  'week-plan': 'The coming sessions by day: kind, key prescription and status, with "Mark done".',
  workout: 'One session: prescribed next to done, and the reasons behind every change.',
  progress: 'e1RM per main lift, VDOT and weekly volume by week, each chart with its table.',
};

export function registerViews(server: McpServer): void {
  for (const view of Object.keys(VIEW_TITLES) as ViewName[]) {
    const uri = viewUri(view);
    server.registerResource(`${view} view`, uri, { mimeType: RESOURCE_MIME_TYPE, description: DESCRIPTIONS[view] }, async () => ({
      // No network access at all: the document inlines its script and style.
      contents: [
        {
          uri,
          mimeType: RESOURCE_MIME_TYPE,
          text: viewDocument(view),
          _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
        },
      ],
    }));
  }
}
