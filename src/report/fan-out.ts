/** Many reporters behind one: every event reaches every reporter, and one failing reporter stops no other. */
import type { Reporter, RunEvent } from '../engine/events.js';

/**
 * Sends each event to every reporter in order. An error thrown by a reporter is kept (its later events still
 * arrive); `close` closes all reporters, then throws the first error seen, if any.
 */
export function fanOut(reporters: readonly Reporter[]): Reporter {
  const errors: unknown[] = [];
  return {
    onEvent(event: RunEvent): void {
      for (const reporter of reporters) {
        try {
          reporter.onEvent(event);
        } catch (error) {
          errors.push(error);
        }
      }
    },
    async close(): Promise<void> {
      const results = await Promise.allSettled(reporters.map((reporter) => reporter.close()));
      for (const result of results) if (result.status === 'rejected') errors.push(result.reason);
      if (errors.length === 1) throw errors[0];
      if (errors.length > 1) throw new AggregateError(errors, `${errors.length} reporters failed: ${errors.map(String).join('; ')}`);
    },
  };
}
