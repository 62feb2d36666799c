import { documentKey } from '@stockyard/service-kit/store';
import { SharedLocks } from './shared-locks';

const ENDPOINTS_COLLECTION = 'webhook_endpoints';
/** Process-wide, like the kit's document locks: every store and reads instance must share it. */
const locks = new SharedLocks();
/**
 * Process-wide write sequence: each endpoint's last write in this process, so a copy read
 * earlier can be known to be still current without reading it again (EndpointReads.withEndpoint).
 */
let writeSeq = 0;
const lastWrite = new Map<string, number>();

const keyOf = (id: string) => documentKey(ENDPOINTS_COLLECTION, id);

/**
 * The endpoint store's `around`: each write keeps signing readers out (a rotation either
 * precedes a signature or waits for it) and moves the write sequence on before they may enter again.
 */
export function aroundEndpointWrite<T>(id: string, write: () => Promise<T>): Promise<T> {
  return locks.write(keyOf(id), async () => {
    try {
      return await write();
    } finally {
      lastWrite.set(id, ++writeSeq);
    }
  });
}

/** Runs `read` as the endpoint's reader: no write of it happens meanwhile (signing with its secret). */
export const asEndpointReader = <T>(id: string, read: () => Promise<T>): Promise<T> => locks.read(keyOf(id), read);

/** Where the write sequence stands: a read begun now sees every write this process made before. */
export const endpointWriteSeq = (): number => writeSeq;

/** True when this process wrote the endpoint after the sequence stood at `readSeq`. */
export const writtenSince = (id: string, readSeq: number): boolean => (lastWrite.get(id) ?? 0) > readSeq;
