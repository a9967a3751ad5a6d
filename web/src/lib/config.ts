/**
 * Runtime configuration: `/config.json`, written by the deployment or the local twin, validated
 * with the shared schema when the app starts. Read-only after loading.
 */
import { RuntimeConfigSchema, type RuntimeConfig } from '@director-ia/shared';

export class ConfigLoadError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'ConfigLoadError';
  }
}

let current: RuntimeConfig | null = null;

export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    throw new ConfigLoadError('No se pudo descargar /config.json (sin conexión con el servidor).');
  }
  if (!response.ok) throw new ConfigLoadError(`/config.json respondió con HTTP ${response.status}.`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigLoadError('/config.json no es un JSON válido.');
  }
  const parsed = RuntimeConfigSchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(raíz)');
    throw new ConfigLoadError(`/config.json no es válido; revisa: ${[...new Set(fields)].join(', ')}.`);
  }
  current = parsed.data;
  return current;
}

/** The loaded configuration; only valid after `loadConfig` resolved (main.tsx guarantees it). */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config requested before it was loaded.');
  return current;
}
