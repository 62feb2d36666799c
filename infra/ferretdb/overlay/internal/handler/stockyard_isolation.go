// Stockyard's build of FerretDB: updates and deletes isolated per collection (see
// infra/ferretdb/patches.json and README, "Isolation"). Stock FerretDB v1 reads the
// documents an update, findAndModify or delete matches, changes them in memory and writes
// them back by _id, with nothing to stop another command writing the same documents in
// between: two version-guarded updates of one document both matched and both won, and
// concurrent $incs overwrote each other. Each such command now holds its collection's lock
// from before its read until after its last write, so on one FerretDB process they run one
// after another per collection, as MongoDB applies each single-document write atomically.

package handler

import "sync"

// collectionWriteLocks holds a *sync.Mutex per "database\x00collection", made on first use
// and kept (a few dozen collections; a dropped one's lock is reused if it comes back).
var collectionWriteLocks sync.Map

// lockCollectionWrites waits for the collection's lock and returns its unlock, which the
// caller defers: an error or a panic in between still releases it. Only update,
// findAndModify and delete take it, each once per command and never while holding another,
// and always before any lock of the backend's (the registry's, the write transaction
// queue's), so the order is the same everywhere and cannot deadlock. Inserts need none: a
// new document is written whole, and its _id's unique index refuses a second one.
func lockCollectionWrites(db, collection string) func() {
	v, _ := collectionWriteLocks.LoadOrStore(db+"\x00"+collection, new(sync.Mutex))
	mu := v.(*sync.Mutex)
	mu.Lock()

	return mu.Unlock
}
