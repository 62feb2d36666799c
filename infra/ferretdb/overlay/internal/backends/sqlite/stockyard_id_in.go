// Stockyard's build of FerretDB: `_id: {$in: [...]}` read through the _id index (see
// infra/ferretdb/patches.json and README, "Lists").
//
// Stock FerretDB pushes an _id down to SQLite only as an equality; a filter such as
// {orgId, deletedAt: null, _id: {$in: [ids]}} read every row of the collection (or a list
// index's range of the organization's rows). Here the ids select their rows by the unique
// _id index, one lookup each. Every caller filters the rows again with the whole filter,
// and sorts, skips and limits them, so narrowing the rows to those ids is exact: a document
// matches `_id: {$in: [...]}` only when its _id equals one of them (an _id is never an
// array), as long as the list holds only strings and ObjectIds, compared as equalities.

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// idInMax is the longest id list pushed down: each id is an SQL parameter, and SQLite
// takes at most 32,766 of them in a statement. Longer lists take the stock path.
const idInMax = 10_000

// idInArgs returns the ids of the filter's top-level `_id: {$in: [...]}` as the _id
// column holds them (sjson text), each once, in the list's order; ok is false (nothing
// to push down) unless the filter has that one _id condition, a document whose only key is
// $in, holding an array of strings and ObjectIds only (no numbers, regular expressions,
// documents...). An empty array is ok: it matches nothing.
func idInArgs(filter *types.Document) (ids []any, ok bool) {
	if filter == nil {
		return nil, false
	}

	n := 0
	for _, key := range filter.Keys() {
		if key == "_id" {
			n++
		}
	}

	if n != 1 {
		return nil, false
	}

	cond, isDoc := must.NotFail(filter.Get("_id")).(*types.Document)
	if !isDoc || cond.Len() != 1 || cond.Keys()[0] != "$in" {
		return nil, false
	}

	list, isArray := must.NotFail(cond.Get("$in")).(*types.Array)
	if !isArray || list.Len() > idInMax {
		return nil, false
	}

	ids = make([]any, 0, list.Len())
	seen := make(map[string]struct{}, list.Len())

	for i := 0; i < list.Len(); i++ {
		v := must.NotFail(list.Get(i))

		switch v.(type) {
		case string, types.ObjectID:
		default:
			return nil, false
		}

		id := string(must.NotFail(sjson.MarshalSingleValue(v)))
		if _, dup := seen[id]; dup {
			continue
		}

		seen[id] = struct{}{}
		ids = append(ids, id)
	}

	return ids, true
}

// idInWhere returns the WHERE clause and arguments that read the rows of the filter's
// `_id: {$in: [...]}` by the _id index (EXPLAIN QUERY PLAN: SEARCH ... USING INDEX), or
// ok false when idInArgs says there is nothing to push down.
func idInWhere(filter *types.Document) (where string, args []any, ok bool) {
	ids, ok := idInArgs(filter)
	if !ok {
		return "", nil, false
	}

	// No id: NULL equals nothing, so the one index lookup finds no row.
	placeholders := "NULL"
	if len(ids) > 0 {
		placeholders = strings.Repeat("?, ", len(ids)-1) + "?"
	}

	return fmt.Sprintf(` WHERE %s IN (%s)`, metadata.IDColumn, placeholders), ids, true
}
