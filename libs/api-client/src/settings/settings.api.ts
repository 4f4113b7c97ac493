import type { ConsoleSettings, ConsoleSettingsUpdateInput } from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';
import { responseOf } from '../response-schemas';

export const fetchConsoleSettings = async (http: HttpClient, signal?: AbortSignal): Promise<ConsoleSettings> =>
  (await http.get('/staff/settings', { schema: responseOf('GET /staff/settings'), ...(signal ? { signal } : {}) })).data;

/** Superadmins only; carries the reason (audited with what changed). */
export const updateConsoleSettings = async (http: HttpClient, input: ConsoleSettingsUpdateInput): Promise<ConsoleSettings> =>
  (await http.put('/staff/settings', input, { schema: responseOf('PUT /staff/settings') })).data;
