import type { Config } from '../../config.ts';
import type { Storage } from './storage.ts';

/** The storage the configuration names (the adapters import the port, storage.ts; this factory imports them). */
export async function createStorage(config: Config['storage']): Promise<Storage> {
  if (config.driver === 's3') {
    const { S3Storage } = await import('./s3-storage.ts');
    return new S3Storage(config);
  }
  const { LocalStorage } = await import('./local-storage.ts');
  return new LocalStorage(config.dir);
}
