// The sessions module's public surface: opaque session tokens, stored hashed, that the HTTP layer resolves on
// every request. It imports nothing of the other modules, so http/ and accounts can stand on it.
export { createSessions, SESSION_TTL_SECONDS, type Sessions } from './sessions.service';
/** Ends every session of a user inside the caller's transaction (staff deactivation). */
export { revokeAllSessionsOf } from './sessions.repository';
