// Stockyard's build of FerretDB: list indexes (see infra/ferretdb/patches.json and README).
//
// A declared index (unique or not) is built in SQLite, the first time a query it serves
// runs, as an expression index with two columns per field: the field's MongoDB type rank
// (from the document's stored schema) and its value. The rank separates what MongoDB
// orders apart (a date from a number, a string from an ObjectId stored as hex text, a
// scalar from an array) and orders the types as MongoDB's sort does; the value orders
// like MongoDB within the ranks where SQLite's comparison agrees with MongoDB's (null,
// numbers, strings, ObjectIds, booleans, dates).

package metadata

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// MongoDB's sort order of types, as FerretDB's types.compareTypeOrder has it (NaN is not
// storable in this backend, MinKey and MaxKey neither).
const (
	RankNull      = 1 // null and a missing field
	RankNumber    = 2 // double, int, long
	RankString    = 3
	RankObject    = 4
	RankArray     = 5
	RankBinData   = 6
	RankObjectID  = 7
	RankBool      = 8
	RankDate      = 9
	RankTimestamp = 10
	RankRegex     = 11
)

// RankOrdered is true for the ranks whose values SQLite orders exactly as MongoDB does.
func RankOrdered(rank int64) bool {
	switch rank {
	case RankNull, RankNumber, RankString, RankObjectID, RankBool, RankDate:
		return true
	default:
		return false
	}
}

// ListKey is true for a field name a list index can hold: a plain top-level name (letters,
// digits, underscores; not a digit first), which needs no quoting in a JSON path.
func ListKey(key string) bool {
	for i, r := range key {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}

	return key != ""
}

// RankExpr is the SQL expression of a field's type rank. SQLite uses an expression index
// only for the same expression, so queries and indexes are both written with it.
func RankExpr(field string) string {
	return fmt.Sprintf(
		`CASE json_extract(%s, '$."$s".p.%s.t')`+
			` WHEN 'string' THEN 3 WHEN 'date' THEN 9 WHEN 'bool' THEN 8 WHEN 'objectId' THEN 7`+
			` WHEN 'int' THEN 2 WHEN 'long' THEN 2 WHEN 'double' THEN 2 WHEN 'object' THEN 4`+
			` WHEN 'array' THEN 5 WHEN 'binData' THEN 6 WHEN 'timestamp' THEN 10 WHEN 'regex' THEN 11`+
			` ELSE 1 END`,
		DefaultColumn, field,
	)
}

// ValueExpr is the SQL expression of a field's value: text for strings and ObjectIds,
// numbers for numbers, dates (milliseconds) and booleans (0, 1), NULL for null and missing.
func ValueExpr(field string) string {
	return fmt.Sprintf(`json_extract(%s, '$.%s')`, DefaultColumn, field)
}

// ListIndexName is the SQLite name of an index's list form (the suffix is the form's version).
func ListIndexName(tableName, indexName string) string {
	return tableName + "_" + indexName + "_list1"
}

// ListIndexBuildable is true when every field of the index is a plain top-level name.
func ListIndexBuildable(index IndexInfo) bool {
	if len(index.Key) == 0 {
		return false
	}

	for _, key := range index.Key {
		if !ListKey(key.Field) {
			return false
		}
	}

	return true
}

// ListIndexSQL is the CREATE INDEX statement of an index's list form.
func ListIndexSQL(tableName string, index IndexInfo) string {
	columns := make([]string, 0, 2*len(index.Key))

	for _, key := range index.Key {
		dir := ""
		if key.Descending {
			dir = " DESC"
		}

		columns = append(columns, RankExpr(key.Field)+dir, ValueExpr(key.Field)+dir)
	}

	return fmt.Sprintf(
		`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`,
		ListIndexName(tableName, index.Name), tableName, strings.Join(columns, ", "),
	)
}

// ListIndexEnsure builds the list form of the collection's index unless it exists. It holds
// the registry's read lock, so an index being dropped (which holds the write lock) is
// either built before the drop, which then drops its list form too, or not at all.
// It returns the SQLite index name, or "" when the index is no longer declared.
func (r *Registry) ListIndexEnsure(ctx context.Context, dbName, collectionName string, index IndexInfo) (string, error) {
	db := r.DatabaseGetExisting(ctx, dbName)
	if db == nil {
		return "", nil
	}

	r.rw.RLock()
	defer r.rw.RUnlock()

	c := r.collectionGet(dbName, collectionName)
	if c == nil {
		return "", nil
	}

	declared := slices.ContainsFunc(c.Settings.Indexes, func(i IndexInfo) bool {
		return i.Name == index.Name && slices.Equal(i.Key, index.Key)
	})
	if !declared || !ListIndexBuildable(index) {
		return "", nil
	}

	name := ListIndexName(c.TableName, index.Name)
	if ListIndexKnown(dbName, name) {
		return name, nil
	}

	var n int
	q := `SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?`
	if err := db.QueryRowContext(ctx, q, name).Scan(&n); err != nil {
		return "", lazyerrors.Error(err)
	}

	if n == 0 {
		err := db.InTransaction(ctx, func(tx *fsql.Tx) error {
			_, err := tx.ExecContext(ctx, ListIndexSQL(c.TableName, index))
			return err
		})
		if err != nil {
			return "", lazyerrors.Error(err)
		}
	}

	ListIndexSeen(dbName, name)

	return name, nil
}

// builtListIndexes remembers, per database, the list indexes known to exist.
var builtListIndexes sync.Map

func builtKey(dbName, sqlIndexName string) string {
	return dbName + "\x00" + sqlIndexName
}

// ListIndexKnown is true when the list index was seen or built by this process.
func ListIndexKnown(dbName, sqlIndexName string) bool {
	_, ok := builtListIndexes.Load(builtKey(dbName, sqlIndexName))
	return ok
}

// ListIndexSeen records that the list index exists.
func ListIndexSeen(dbName, sqlIndexName string) {
	builtListIndexes.Store(builtKey(dbName, sqlIndexName), struct{}{})
}

// ListIndexForget drops what this process knows of a list index (dropped, or its table gone).
func ListIndexForget(dbName, sqlIndexName string) {
	builtListIndexes.Delete(builtKey(dbName, sqlIndexName))
}

// listIndexesForgetDatabase forgets every list index of a database (dropped).
func listIndexesForgetDatabase(dbName string) {
	builtListIndexes.Range(func(key, _ any) bool {
		if strings.HasPrefix(key.(string), dbName+"\x00") {
			builtListIndexes.Delete(key)
		}

		return true
	})
}

// listIndexesForgetCollection forgets the list indexes of a collection (dropped).
func listIndexesForgetCollection(dbName string, c *Collection) {
	for _, index := range c.Settings.Indexes {
		ListIndexForget(dbName, ListIndexName(c.TableName, index.Name))
	}
}
