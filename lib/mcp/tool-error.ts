// A tool failure the agent can act on: a stable code, a message saying how to recover, and details.
export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** Domain errors raised below the tool layer carry their own code (e.g. not_found, invalid_argument). */
export function notFound(what: string, id: string, hint: string): ToolError {
  return new ToolError('not_found', `No ${what} has the id "${id}" for this person. ${hint}`, { id });
}
