import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { HttpClient } from './http-client';

const HttpClientContext = createContext<HttpClient | null>(null);

export type HttpClientProviderProps = { client: HttpClient; children: ReactNode };

/** Makes one configured client available to every hook below it (tests pass one with a fake fetch). */
export const HttpClientProvider = ({ client, children }: HttpClientProviderProps) => (
  <HttpClientContext value={client}>{children}</HttpClientContext>
);

export const useHttpClient = (): HttpClient => {
  const client = useContext(HttpClientContext);
  if (!client) throw new Error('useHttpClient must be used inside <HttpClientProvider>');
  return client;
};
