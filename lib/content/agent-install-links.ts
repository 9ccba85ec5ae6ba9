// One-click install links for the hosts that offer them, built from the tool URL.
// Cursor: cursor://anysphere.cursor-deeplink/mcp/install?name=NAME&config=BASE64(JSON of the server's
// mcp.json entry) (cursor.com/docs/mcp/install-links). VS Code: vscode:mcp/install?URL-ENCODED(JSON with
// name, type and url), the handler VS Code registers for MCP installs.
export type InstallLink = { host: 'Cursor' | 'VS Code'; href: string };

export const SERVER_NAME = 'pacewise';

export function installLinks(mcpUrl: string): InstallLink[] {
  const cursorConfig = Buffer.from(JSON.stringify({ url: mcpUrl }), 'utf8').toString('base64');
  return [
    { host: 'Cursor', href: `cursor://anysphere.cursor-deeplink/mcp/install?name=${SERVER_NAME}&config=${encodeURIComponent(cursorConfig)}` },
    { host: 'VS Code', href: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: SERVER_NAME, type: 'http', url: mcpUrl }))}` },
  ];
}
