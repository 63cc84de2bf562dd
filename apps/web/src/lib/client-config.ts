import { useSyncExternalStore } from 'react';
import { env } from '@/config/env';
import type { ClientConfig } from './client-config.schema';
import { checkAnswer } from './answer-check';
import { clientConfigAnswerSchemas } from './client-config-answer-schemas';

export type { ClientConfig };

export type ClientConfigState =
  | { status: 'loading'; config: null }
  | { status: 'ready'; config: ClientConfig }
  /** The server could not say: behave as the safest environment (no badge, no reporting). */
  | { status: 'unavailable'; config: null };

const PRODUCTION = 'production';
const PREPRODUCTION = 'preproduction';

/** Error reporting and the "report a bug" link exist only there (docs/product/accounts.md §8, §9). */
export function isReportingEnvironment(environmentName: string | undefined): boolean {
  return environmentName === PRODUCTION || environmentName === PREPRODUCTION;
}

export function isProduction(environmentName: string | undefined): boolean {
  return environmentName === PRODUCTION;
}

let state: ClientConfigState = { status: 'loading', config: null };
let pending: Promise<ClientConfig | null> | null = null;
const listeners = new Set<() => void>();

function setState(next: ClientConfigState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Fetches the configuration once per page; later callers share the same answer. */
export function loadClientConfig(): Promise<ClientConfig | null> {
  pending ??= (async () => {
    try {
      // Plain fetch: the API client needs this configuration, so it cannot be used to get it.
      const response = await fetch(`${env.API_URL}/client-config`, {
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`client-config answered ${response.status}`);
      const checked = await checkAnswer(
        clientConfigAnswerSchemas.clientConfig,
        await response.text(),
        true,
      );
      if (!checked.ok)
        throw new Error('client-config answered an unexpected shape', { cause: checked.issues });
      const config = checked.data;
      setState({ status: 'ready', config });
      return config;
    } catch (error) {
      console.warn('Runtime configuration unavailable', error);
      setState({ status: 'unavailable', config: null });
      return null;
    }
  })();
  return pending;
}

export function getClientConfig(): ClientConfig | null {
  return state.config;
}

/** Forgets the loaded configuration so the next load asks again (tests, and nothing else). */
export function resetClientConfig() {
  pending = null;
  state = { status: 'loading', config: null };
}

export function useClientConfig(): ClientConfigState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
