/**
 * Failures at start, named by the part that failed: the production entry
 * (api/main.ts), the API process (api/process.ts) and the development stack
 * (api/dev/) all say them in one line.
 */
/** A failure of one part of the stack; the runner prints `which: message` on one line. */
export class StackError extends Error {
  constructor(
    readonly part:
      | 'postgres'
      | 'migrations'
      | 'zero-cache'
      | 'api'
      | 'web'
      | 'config'
      | 'media store'
      | 'plans',
    message: string,
  ) {
    super(message);
  }
  override toString() {
    return `${this.part}: ${this.message}`;
  }
}

/** One line for the terminal, naming the failing part. */
export function describeFailure(e: unknown, fallbackPart = 'start'): string {
  if (e instanceof StackError) return e.toString();
  if (e instanceof Error && e.name === 'ConfigError') return `config: ${e.message}`;
  const message = e instanceof Error ? e.message : String(e);
  return `${fallbackPart}: ${message.split('\n')[0]}`;
}
