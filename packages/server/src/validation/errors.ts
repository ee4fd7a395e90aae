/**
 * The error a WordPress validation or sanitising function returns (`WP_Error` with one code): a plain object,
 * not an `Error`, since invalid input is ordinary here and stack traces would cost on every rejected value.
 */
export class ValidationError {
  constructor(
    /** WordPress's code, e.g. `rest_out_of_bounds`. */
    readonly code: string,
    /** WordPress's English message, naming the parameter, e.g. `per_page must be between 1 (inclusive) and 100 (inclusive)`. */
    readonly message: string,
    /** The error's data (`{param}` for type errors, `{position}` for anyOf/oneOf); absent when WordPress gives none. */
    readonly data?: Readonly<Record<string, unknown>>,
  ) {}

  /** The `{code, message, data}` entry WordPress puts under `data.details` of a `rest_invalid_param` answer. */
  toDetails(): { code: string; message: string; data: Readonly<Record<string, unknown>> | null } {
    return { code: this.code, message: this.message, data: this.data ?? null };
  }
}

/** True for a `ValidationError` (what `sanitizeValue` returns instead of a value when sanitising fails). */
export function isValidationError(value: unknown): value is ValidationError {
  return value instanceof ValidationError;
}
