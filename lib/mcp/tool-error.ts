// The MCP edge's one mapping of failures to tool results: an AppError (lib/errors/app-error.ts)
// becomes `isError: true` with one text block holding { error: code, message, field?, ...details,
// retryable? }, the shape every tool answers with (the contract's `subscription_inactive` included).
// The server's own faults (busy, service_unavailable, internal_error) are worded here, where the
// tool that did not run is known, and carry no details; anything unexpected is internal_error,
// logged without internals.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { AppError, knownFailure, type AppErrorCode } from '@/lib/errors/app-error';

const SERVER_FAULTS: Partial<Record<AppErrorCode, (tool: string, error: AppError) => string>> = {
  busy: (tool, error) =>
    `Other writes for this person are still running (waited ${Math.round(Number(error.details.waitedMs ?? 0) / 1000)} s), so ${tool} did not run and nothing was changed. Retry in a few seconds.`,
  service_unavailable: (tool) =>
    `Pacewise cannot reach its database right now, so ${tool} did not run and nothing was changed. Retry in a few seconds.`,
  internal_error: (tool) => `${tool} failed unexpectedly; nothing was changed if the tool writes. Try again, and report it if it persists.`,
};

/** The error object an agent reads (the text block's JSON). */
function toolErrorBody(error: AppError, tool: string): Record<string, unknown> {
  const fault = SERVER_FAULTS[error.code];
  return {
    error: error.code,
    message: fault ? fault(tool, error) : error.message,
    ...(!fault && error.field !== undefined ? { field: error.field } : {}),
    ...(fault ? {} : error.details),
    ...(error.retryable ? { retryable: true } : {}),
  };
}

/** Any failure of a tool call as its result; the request itself still answers 200. */
export function toolErrorResult(error: unknown, tool: string): CallToolResult {
  let failure = knownFailure(error);
  if (!failure) {
    console.error(`mcp: ${tool} failed`, error instanceof Error ? error.message : 'unknown error');
    failure = new AppError('internal_error', 'unexpected failure');
  }
  // No structuredContent on errors: clients validate it against the tool's outputSchema (the MCP SDK
  // 1.32 client does, once it has listed the tools) and would replace this message with a schema error.
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(toolErrorBody(failure, tool)) }] };
}
