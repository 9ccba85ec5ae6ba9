// A JSON request body read up to a limit (the app's largest submission, a session of 12 blocks, is a
// few KB): past it nothing more is buffered.
export const APP_BODY_MAX = 32 * 1024;

export async function readJsonBody(
  request: Request,
  max = APP_BODY_MAX,
): Promise<{ ok: true; value: unknown } | { ok: false; tooLarge: boolean }> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return { ok: false, tooLarge: false };
  if (Number(request.headers.get('content-length') ?? 0) > max) return { ok: false, tooLarge: true };
  const reader = request.body?.getReader();
  if (!reader) return { ok: false, tooLarge: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, tooLarge: true };
    }
    chunks.push(value);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, tooLarge: false };
  }
}
