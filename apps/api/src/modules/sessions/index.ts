// The sessions module's public surface: opaque session tokens, stored hashed, that the HTTP layer resolves on
// every request. It imports nothing of the other modules, so http/ and accounts can stand on it.
export { createSessions, SESSION_TTL_SECONDS, type Sessions } from './sessions.service';
