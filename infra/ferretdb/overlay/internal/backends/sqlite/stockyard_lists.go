// Stockyard's build of FerretDB: queries served by the collection's declared indexes (see
// infra/ferretdb/patches.json and README, "Lists").
//
// Stock FerretDB v1 reads every row of the collection for any query but one by _id, then
// filters, sorts, skips and limits in memory. Here a query whose top-level conditions
// (equalities, ranges) fill the leading fields of a declared index, or whose sort key
// follows them, reads only that index's range, in the index's order, through the index's
// list form (metadata/stockyard_lists.go: a type rank and a value per field). The handler
// still filters, sorts, skips and limits what comes back, so the rows read need only be
// a superset of the matches, and ordered by the sort's first key when Sorted is claimed.

package sqlite

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// listScalar is a filter value an index compares: its MongoDB type rank and its SQL value
// as metadata.ValueExpr returns it from a stored document (nil for null).
type listScalar struct {
	rank  int64
	value any
}

func listScalarOf(v any) (listScalar, bool) {
	switch v := v.(type) {
	case string:
		return listScalar{metadata.RankString, v}, true
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return listScalar{}, false
		}

		return listScalar{metadata.RankNumber, v}, true
	case int32:
		return listScalar{metadata.RankNumber, int64(v)}, true
	case int64:
		return listScalar{metadata.RankNumber, v}, true
	case bool:
		if v {
			return listScalar{metadata.RankBool, int64(1)}, true
		}

		return listScalar{metadata.RankBool, int64(0)}, true
	case time.Time:
		return listScalar{metadata.RankDate, v.UnixMilli()}, true
	case types.ObjectID:
		return listScalar{metadata.RankObjectID, hex.EncodeToString(v[:])}, true
	case types.NullType:
		return listScalar{metadata.RankNull, nil}, true
	default:
		return listScalar{}, false
	}
}

// listCond is what a filter asks of one top-level field: an equality or a range, all of
// one type rank (MongoDB's comparisons only match values of the operand's type, or an
// array holding one).
type listCond struct {
	field          string
	eq             *listScalar
	lo, hi         *listScalar
	loIncl, hiIncl bool
}

func (c *listCond) ranged() bool {
	return c.eq == nil && (c.lo != nil || c.hi != nil)
}

// parse reads a filter value; false when some of it is left out (an operator we do not
// push down, an embedded document, an array, a regular expression...).
func (c *listCond) parse(value any) bool {
	doc, isDoc := value.(*types.Document)
	if !isDoc {
		s, ok := listScalarOf(value)
		if ok {
			c.eq = &s
		}

		return ok
	}

	keys := doc.Keys()
	if len(keys) == 0 || !strings.HasPrefix(keys[0], "$") {
		return false // equality with an embedded document
	}

	whole := true

	for _, op := range keys {
		s, ok := listScalarOf(must.NotFail(doc.Get(op)))

		switch op {
		case "$eq":
			if !ok || c.eq != nil {
				whole = false
				continue
			}

			c.eq = &s
		case "$gt", "$gte":
			if !ok || s.rank == metadata.RankNull || c.lo != nil {
				whole = false
				continue
			}

			c.lo, c.loIncl = &s, op == "$gte"
		case "$lt", "$lte":
			if !ok || s.rank == metadata.RankNull || c.hi != nil {
				whole = false
				continue
			}

			c.hi, c.hiIncl = &s, op == "$lte"
		default:
			whole = false
		}
	}

	if c.eq != nil && (c.lo != nil || c.hi != nil) {
		c.lo, c.hi = nil, nil
		whole = false
	}

	if c.lo != nil && c.hi != nil && c.lo.rank != c.hi.rank {
		c.lo, c.hi = nil, nil // only an array could match both
		whole = false
	}

	return whole
}

// listConds returns the filter's conditions on plain top-level fields, and whether they
// are the whole filter.
func listConds(filter *types.Document) (map[string]*listCond, bool) {
	conds := map[string]*listCond{}
	whole := true

	if filter == nil {
		return conds, whole
	}

	keys := filter.Keys()
	seen := make(map[string]int, len(keys))

	for _, key := range keys {
		seen[key]++
	}

	for _, key := range keys {
		if key == "$comment" {
			continue
		}

		if seen[key] != 1 || !metadata.ListKey(key) {
			whole = false
			continue
		}

		c := &listCond{field: key}
		if !c.parse(must.NotFail(filter.Get(key))) {
			whole = false
		}

		if c.eq != nil || c.lo != nil || c.hi != nil {
			conds[key] = c
		}
	}

	return conds, whole
}

// listPlan is a query served by one index's list form.
type listPlan struct {
	table    string
	index    metadata.IndexInfo
	sqlIndex string

	// prefix holds the conditions on the index's leading fields, in index order:
	// equalities, then at most one range.
	prefix []*listCond

	// others holds conditions on fields outside the prefix, checked in SQL as supersets.
	others []*listCond

	sortField string
	sortDesc  bool
	sorted    bool // the index orders the rows by sortField after the prefix

	exact bool // the rows the prefix selects (arrays aside) are exactly the matches
}

// planList picks the declared index that serves the query best, or returns nil.
func planList(meta *metadata.Collection, filter *types.Document, list *backends.ListParams) *listPlan {
	if meta.Capped() {
		return nil
	}

	if filter != nil {
		switch id, _ := filter.Get("_id"); id.(type) {
		case string, types.ObjectID:
			return nil // the _id index answers it (collection.go)
		}

		if _, ok := idInArgs(filter); ok {
			return nil // and a list of ids, read by the _id index too (stockyard_id_in.go)
		}
	}

	conds, whole := listConds(filter)

	var sortField string
	var sortDesc, wantsOrder bool

	if list != nil {
		whole = whole && !list.Partial

		if list.Sort.Len() > 0 {
			key := list.Sort.Keys()[0]
			if metadata.ListKey(key) {
				sortField = key
				v, _ := list.Sort.Get(key)
				sortDesc = v == int64(-1) || v == int32(-1) || v == float64(-1)
			}
		}

		wantsOrder = list.Limit > 0 && sortField != ""
	}

	var best *listPlan
	var bestScore int

	for _, index := range meta.Settings.Indexes {
		if index.Name == backends.DefaultIndexName || !metadata.ListIndexBuildable(index) {
			continue
		}

		p := &listPlan{table: meta.TableName, index: index, sortField: sortField, sortDesc: sortDesc}
		used := map[string]bool{}

		i := 0
		for ; i < len(index.Key); i++ {
			c := conds[index.Key[i].Field]
			if c == nil || c.eq == nil {
				break
			}

			p.prefix = append(p.prefix, c)
			used[c.field] = true
		}

		constrained := i
		if i < len(index.Key) {
			if c := conds[index.Key[i].Field]; c != nil && c.ranged() {
				p.prefix = append(p.prefix, c)
				used[c.field] = true
				constrained++
			}
		}

		p.sorted = sortField != "" && i < len(index.Key) && index.Key[i].Field == sortField

		if constrained == 0 && !(p.sorted && wantsOrder) {
			continue
		}

		for _, key := range filter.Keys() {
			if c := conds[key]; c != nil && !used[key] {
				p.others = append(p.others, c)
			}
		}

		p.exact = whole && len(p.others) == 0

		// A list with a limit wants its order from the index most (it then reads about a
		// page); anything else wants the narrowest range.
		order := 0
		if p.sorted {
			order = 1
		}

		score := constrained*10 + order
		if wantsOrder {
			score = order*1000 + constrained*10
		}

		if best == nil || score > bestScore || (score == bestScore && len(index.Key) < len(best.index.Key)) {
			best, bestScore = p, score
		}
	}

	return best
}

// rangeOnSort is true when the prefix's range is on the sort field (its rank is then fixed).
func (p *listPlan) rangeOnSort() bool {
	last := len(p.prefix) - 1
	return p.sorted && last >= 0 && p.prefix[last].ranged() && p.prefix[last].field == p.sortField
}

// condSQL adds the SQL of a condition on an index column: rank and value.
func condSQL(c *listCond, conds []string, args []any) ([]string, []any) {
	rank, value := metadata.RankExpr(c.field), metadata.ValueExpr(c.field)

	if c.eq != nil {
		conds = append(conds, fmt.Sprintf("%s = %d", rank, c.eq.rank))
		if c.eq.value == nil {
			return append(conds, value+" IS NULL"), args
		}

		return append(conds, value+" = ?"), append(args, c.eq.value)
	}

	if c.lo != nil {
		conds = append(conds, fmt.Sprintf("%s = %d", rank, c.lo.rank))
	} else {
		conds = append(conds, fmt.Sprintf("%s = %d", rank, c.hi.rank))
	}

	if c.lo != nil {
		op := ">"
		if c.loIncl {
			op = ">="
		}

		conds, args = append(conds, value+" "+op+" ?"), append(args, c.lo.value)
	}

	if c.hi != nil {
		op := "<"
		if c.hiIncl {
			op = "<="
		}

		conds, args = append(conds, value+" "+op+" ?"), append(args, c.hi.value)
	}

	return conds, args
}

// supersetSQL adds a condition on a field outside the prefix, written so that an array
// always passes (the handler checks arrays).
func supersetSQL(c *listCond, conds []string, args []any) ([]string, []any) {
	inner, args := condSQL(c, nil, args)
	rank := metadata.RankExpr(c.field)

	return append(conds, fmt.Sprintf("((%s) OR %s = %d)", strings.Join(inner, " AND "), rank, metadata.RankArray)), args
}

// where returns the WHERE clause of the rows in index order: the prefix's conditions, no
// array in the sort field (when sorted), the other conditions as supersets.
func (p *listPlan) where(prefix []*listCond, extra ...string) (string, []any) {
	var conds []string
	var args []any

	for _, c := range prefix {
		conds, args = condSQL(c, conds, args)
	}

	conds = append(conds, extra...)

	for _, c := range p.others {
		conds, args = supersetSQL(c, conds, args)
	}

	if len(conds) == 0 {
		return "", args
	}

	return " WHERE " + strings.Join(conds, " AND "), args
}

func (p *listPlan) from() string {
	return fmt.Sprintf(" FROM %q INDEXED BY %q", p.table, p.sqlIndex)
}

func (p *listPlan) noArraySort() []string {
	if !p.sorted || p.rangeOnSort() {
		return nil
	}

	return []string{fmt.Sprintf("%s <> %d", metadata.RankExpr(p.sortField), metadata.RankArray)}
}

func (p *listPlan) orderBy() string {
	if !p.sorted {
		return ""
	}

	dir := ""
	if p.sortDesc {
		dir = " DESC"
	}

	// With a range on the sort field its rank is fixed, and SQLite only sees that an index
	// gives the order when the ORDER BY leaves the rank out (it does not treat an expression
	// fixed by an equality as constant), else it sorts every row of the range.
	if p.rangeOnSort() {
		return fmt.Sprintf(" ORDER BY %s%s", metadata.ValueExpr(p.sortField), dir)
	}

	return fmt.Sprintf(" ORDER BY %s%s, %s%s", metadata.RankExpr(p.sortField), dir, metadata.ValueExpr(p.sortField), dir)
}

// mainSQL selects the rows in index order (arrays in the prefix or sort field aside).
func (p *listPlan) mainSQL(sorted bool) (string, []any) {
	where, args := p.where(p.prefix, p.noArraySort()...)
	q := fmt.Sprintf("SELECT %s", metadata.DefaultColumn) + p.from() + where

	if sorted {
		q += p.orderBy()
	}

	return q, args
}

// extraSQL selects the rows mainSQL leaves out that may match: those holding an array in
// a prefix field (the prefix before it matching), or in the sort field.
func (p *listPlan) extraSQL(withSort bool) (string, []any) {
	var parts []string
	var args []any

	isArray := func(field string) string {
		return fmt.Sprintf("%s = %d", metadata.RankExpr(field), metadata.RankArray)
	}

	for j, c := range p.prefix {
		where, a := p.where(p.prefix[:j], isArray(c.field))
		parts, args = append(parts, "SELECT "+metadata.DefaultColumn+p.from()+where), append(args, a...)
	}

	if withSort && p.sorted && !p.rangeOnSort() {
		where, a := p.where(p.prefix, isArray(p.sortField))
		parts, args = append(parts, "SELECT "+metadata.DefaultColumn+p.from()+where), append(args, a...)
	}

	return strings.Join(parts, " UNION ALL "), args
}

// countSQL counts the rows mainSQL selects without its sort-field condition, plus extra.
func (p *listPlan) countSQL(extra ...string) (string, []any) {
	where, args := p.where(p.prefix, extra...)
	return "SELECT count(*)" + p.from() + where, args
}

// listQuery serves a query from an index when one fits; handled is false otherwise, and
// also when the index is gone or fails, so that the caller's own path answers.
func (c *collection) listQuery(
	ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.QueryParams,
) (res *backends.QueryResult, handled bool, err error) {
	if params.OnlyRecordIDs || params.Sort.Len() != 0 {
		return nil, false, nil
	}

	p := planList(meta, params.Filter, params.List)
	if p == nil {
		return nil, false, nil
	}

	if p.sqlIndex, err = c.r.ListIndexEnsure(ctx, c.dbName, c.name, p.index); err != nil || p.sqlIndex == "" {
		return nil, false, nil
	}

	res, err = p.query(ctx, db, params)
	if err != nil {
		metadata.ListIndexForget(c.dbName, p.sqlIndex) // perhaps dropped with its table
		return nil, false, nil
	}

	return res, true, nil
}

func (p *listPlan) query(ctx context.Context, db *fsql.DB, params *backends.QueryParams) (*backends.QueryResult, error) {
	list := params.List

	// Every iterator is made last, once nothing can fail: FerretDB panics on one never closed.
	if list == nil {
		// An ordinary query (update, delete, count...): one iterator over every candidate.
		extra, err := p.documents(ctx, db, false)
		if err != nil {
			return nil, err
		}

		q, args := p.mainSQL(false)

		rows, err := db.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		return &backends.QueryResult{Iter: concatIterators(extra, newQueryIterator(ctx, rows, false))}, nil
	}

	extra, err := p.documents(ctx, db, !list.Count)
	if err != nil {
		return nil, err
	}

	lr := new(backends.ListResult)
	result := func(rows *fsql.Rows) *backends.QueryResult {
		lr.Extra = iterator.Values(iterator.ForSlice(extra))
		return &backends.QueryResult{Iter: newQueryIterator(ctx, rows, false), List: lr}
	}

	if list.Count && p.exact {
		q, args := p.countSQL()
		if err = db.QueryRowContext(ctx, q, args...).Scan(&lr.Count); err != nil {
			return nil, lazyerrors.Error(err)
		}

		lr.Counted = true

		return result(nil), nil
	}

	lr.Sorted = p.sorted && !list.Count
	q, args := p.mainSQL(lr.Sorted)

	if lr.Sorted && p.exact && len(extra) == 0 && list.Skip > 0 {
		before, found, err := p.skippable(ctx, db, list.Skip)
		if err != nil {
			return nil, err
		}

		if !found {
			lr.Skipped = list.Skip
			return result(nil), nil
		}

		q += " LIMIT -1 OFFSET ?"
		args = append(args, before)
		lr.Skipped = before
	}

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return result(rows), nil
}

// skippable returns how many rows come before the group (rows equal on the sort field) of
// the row at offset skip, all of which a page starting at skip leaves out; found is false
// when there are no more than skip rows. The index answers all three queries alone.
func (p *listPlan) skippable(ctx context.Context, db *fsql.DB, skip int64) (before int64, found bool, err error) {
	rankExpr, valueExpr := metadata.RankExpr(p.sortField), metadata.ValueExpr(p.sortField)
	where, args := p.where(p.prefix, p.noArraySort()...)

	q := "SELECT " + rankExpr + ", " + valueExpr + p.from() + where + p.orderBy() + " LIMIT 1 OFFSET ?"

	rows, err := db.QueryContext(ctx, q, append(args, skip)...)
	if err != nil {
		return 0, false, lazyerrors.Error(err)
	}

	defer rows.Close()

	if !rows.Next() {
		if err = rows.Err(); err != nil {
			return 0, false, lazyerrors.Error(err)
		}

		return 0, false, nil
	}

	var rank int64
	var value any

	if err = rows.Scan(&rank, &value); err != nil {
		return 0, false, lazyerrors.Error(err)
	}

	rows.Close()

	beyond := "<"
	if p.sortDesc {
		beyond = ">"
	}

	extra := append(p.noArraySort(), fmt.Sprintf("%s %s %d", rankExpr, beyond, rank))
	q, args = p.countSQL(extra...)

	if err = db.QueryRowContext(ctx, q, args...).Scan(&before); err != nil {
		return 0, false, lazyerrors.Error(err)
	}

	if metadata.RankOrdered(rank) && value != nil {
		extra = append(p.noArraySort(), fmt.Sprintf("%s = %d", rankExpr, rank), valueExpr+" "+beyond+" ?")
		q, args = p.countSQL(extra...)

		var n int64
		if err = db.QueryRowContext(ctx, q, append(args, value)...).Scan(&n); err != nil {
			return 0, false, lazyerrors.Error(err)
		}

		before += n
	}

	return before, true, nil
}

// documents reads the rows of extraSQL.
func (p *listPlan) documents(ctx context.Context, db *fsql.DB, withSort bool) ([]*types.Document, error) {
	q, args := p.extraSQL(withSort)
	if q == "" {
		return nil, nil
	}

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	docs, err := iterator.ConsumeValues(newQueryIterator(ctx, rows, false))
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return docs, nil
}

// concatIterators returns the documents of docs, then those of iter.
func concatIterators(docs []*types.Document, iter types.DocumentsIterator) types.DocumentsIterator {
	if len(docs) == 0 {
		return iter
	}

	first := iterator.Values(iterator.ForSlice(docs))
	current := first

	next := iterator.ForFunc(func() (struct{}, *types.Document, error) {
		for {
			k, doc, err := current.Next()
			if err == nil || current != first || !isDone(err) {
				return k, doc, err
			}

			current = iter
		}
	})

	return iterator.WithClose(next, func() {
		next.Close()
		first.Close()
		iter.Close()
	})
}

func isDone(err error) bool {
	return errors.Is(err, iterator.ErrIteratorDone)
}

// listExplain explains the SQL listQuery would run.
func (c *collection) listExplain(
	ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.ExplainParams,
) (*backends.ExplainResult, bool, error) {
	if params.Sort.Len() != 0 {
		return nil, false, nil
	}

	p := planList(meta, params.Filter, params.List)
	if p == nil {
		return nil, false, nil
	}

	var err error
	if p.sqlIndex, err = c.r.ListIndexEnsure(ctx, c.dbName, c.name, p.index); err != nil || p.sqlIndex == "" {
		return nil, false, nil
	}

	count := params.List != nil && params.List.Count
	plan := types.MakeArray(0)
	plan.Append(fmt.Sprintf("stockyard list index %s (%s), sorted=%t exact=%t", p.index.Name, p.sqlIndex, p.sorted && !count, p.exact))

	var q string
	var args []any

	if count && p.exact {
		q, args = p.countSQL()
	} else {
		q, args = p.mainSQL(p.sorted && !count)
	}

	parts := []struct {
		label string
		q     string
		args  []any
	}{{"main", q, args}}

	if eq, eargs := p.extraSQL(!count); eq != "" {
		parts = append(parts, struct {
			label string
			q     string
			args  []any
		}{"arrays", eq, eargs})
	}

	for _, part := range parts {
		rows, err := db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+part.q, part.args...)
		if err != nil {
			return nil, false, lazyerrors.Error(err)
		}

		for rows.Next() {
			var id, parent, notused int32
			var detail string

			if err = rows.Scan(&id, &parent, &notused, &detail); err != nil {
				rows.Close()
				return nil, false, lazyerrors.Error(err)
			}

			plan.Append(fmt.Sprintf("%s: id=%d parent=%d detail=%s", part.label, id, parent, detail))
		}

		rows.Close()
	}

	return &backends.ExplainResult{
		QueryPlanner:   must.NotFail(types.NewDocument("Plan", plan)),
		FilterPushdown: true,
		SortPushdown:   p.sorted && !count,
	}, true, nil
}
