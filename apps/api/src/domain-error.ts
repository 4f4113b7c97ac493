import type { ErrorCode } from '@merchant-hub/validation';

/**
 * A business rule's refusal, named by its error code (`ErrorCode`, shared with the clients): what repositories
 * and the billing engine throw. It knows nothing of HTTP: `http/errors.ts` gives each code its status, message
 * and i18n key (`AppError`, the services' error, is a DomainError that carries them), and the error middleware
 * answers a DomainError as the AppError of its code. Code that tells a refusal from a crash asks
 * `instanceof DomainError`.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  /** The message given by the thrower, if any (otherwise the code's own message is answered). */
  readonly ownMessage?: string;

  constructor(code: ErrorCode, options: { message?: string; details?: Record<string, unknown> } = {}) {
    super(options.message ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.details = options.details;
    this.ownMessage = options.message;
  }
}
