// Stockyard's build of FerretDB: the handler's side of lists served from an index (see
// infra/ferretdb/patches.json and README, "Lists"). The backend may answer a find with
// rows in the order of the sort's first key, a few rows it could not order (Extra), and a
// number of leading rows it skipped; a countDocuments with a number. Everything the
// backend returns is still filtered here with the whole filter, and sorted with the whole
// sort, so what the backend adds is only which rows it reads.

package handler

import (
	"context"
	"errors"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/handler/common"
	"github.com/FerretDB/FerretDB/internal/handler/common/aggregations"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// naturalHint is true when the command asks for a collection scan (`hint: {$natural: 1}`),
// which this build honours by pushing nothing down: the same answer, computed the way
// stock FerretDB computes it. Tests compare both.
func naturalHint(command *types.Document) bool {
	hint, _ := command.Get("hint")
	doc, ok := hint.(*types.Document)

	return ok && doc.Len() == 1 && doc.Has("$natural")
}

// listFindParams adds to the find's query parameters what a list asks for.
func (h *Handler) listFindParams(command *types.Document, params *common.FindParams, qp *backends.QueryParams) {
	if naturalHint(command) {
		qp.Filter = nil
		return
	}

	if h.DisablePushdown || qp.Sort.Len() != 0 {
		return
	}

	qp.List = &backends.ListParams{
		Sort:    params.Sort,
		Skip:    params.Skip,
		Limit:   params.Limit,
		Partial: qp.Filter.Len() != params.Filter.Len(),
	}
}

// makeListFindIter is makeFindIter for an answer the backend served as a list.
func (h *Handler) makeListFindIter(
	res *backends.QueryResult, closer *iterator.MultiCloser, params *common.FindParams,
) (types.DocumentsIterator, error) {
	if res.List == nil {
		return h.makeFindIter(res.Iter, closer, params)
	}

	iter, err := listIter(res, closer, params.Filter, params.Sort)
	if err != nil {
		closer.Close()
		return nil, lazyerrors.Error(err)
	}

	iter = common.SkipIterator(iter, closer, max(params.Skip-res.List.Skipped, 0))
	iter = common.LimitIterator(iter, closer, params.Limit)

	if iter, err = common.ProjectionIterator(iter, closer, params.Projection, params.Filter); err != nil {
		closer.Close()
		return nil, lazyerrors.Error(err)
	}

	return iterator.WithClose(iter, closer.Close), nil
}

// listIter returns the matching documents of a list answer in the sort's order.
func listIter(
	res *backends.QueryResult, closer *iterator.MultiCloser, filter, sort *types.Document,
) (types.DocumentsIterator, error) {
	// Both are closed with the closer whatever happens next: FerretDB panics on an
	// iterator never closed.
	closer.Add(res.Iter)
	if res.List.Extra != nil {
		closer.Add(res.List.Extra)
	}

	main := common.FilterIterator(res.Iter, closer, filter)

	var err error

	if res.List.Sorted {
		if main, err = groupSortIterator(main, closer, sort); err != nil {
			return nil, err
		}
	} else if main, err = common.SortIterator(main, closer, sort); err != nil {
		return nil, err
	}

	if res.List.Extra == nil {
		return main, nil
	}

	extra := common.FilterIterator(res.List.Extra, closer, filter)
	if extra, err = common.SortIterator(extra, closer, sort); err != nil {
		return nil, err
	}

	less, err := docsLess(sort)
	if err != nil {
		return nil, err
	}

	merged := mergeIterator(extra, main, less)
	closer.Add(merged)

	return merged, nil
}

// docsLess returns MongoDB's order of documents for the sort (all keys), or nil for none.
func docsLess(sort *types.Document) (func(a, b *types.Document) bool, error) {
	if sort.Len() == 0 {
		return nil, nil
	}

	type key struct {
		path  types.Path
		order types.SortType
	}

	keys := make([]key, 0, sort.Len())

	for _, k := range sort.Keys() {
		order, err := common.GetSortType(k, must.NotFail(sort.Get(k)))
		if err != nil {
			return nil, err
		}

		path, err := types.NewPathFromString(k)
		if err != nil {
			return nil, err
		}

		keys = append(keys, key{path, order})
	}

	return func(a, b *types.Document) bool {
		for _, k := range keys {
			switch types.CompareOrderForSort(sortValue(a, k.path), sortValue(b, k.path), k.order) {
			case types.Less:
				return true
			case types.Greater:
				return false
			}
		}

		return false
	}, nil
}

// sortValue is the value a sort sees: a missing field sorts as null.
func sortValue(doc *types.Document, path types.Path) any {
	v, err := doc.GetByPath(path)
	if err != nil {
		return types.Null
	}

	return v
}

// unorderedClass names the types whose values the backend's index does not order as
// MongoDB does (it keeps each type together): "" for the others.
func unorderedClass(v any) string {
	switch v.(type) {
	case *types.Document:
		return "object"
	case types.Binary:
		return "binData"
	case types.Timestamp:
		return "timestamp"
	case types.Regex:
		return "regex"
	case *types.Array:
		return "array"
	default:
		return ""
	}
}

// groupSortIterator sorts an iterator that is already ordered by the sort's first key:
// it sorts each run of documents equal on that key by the whole sort, reading one
// document past the run, so a page reads about a page.
func groupSortIterator(
	iter types.DocumentsIterator, closer *iterator.MultiCloser, sort *types.Document,
) (types.DocumentsIterator, error) {
	if sort.Len() == 0 {
		return iter, nil
	}

	first := sort.Keys()[0]

	path, err := types.NewPathFromString(first)
	if err != nil {
		return nil, err
	}

	sameGroup := func(a, b *types.Document) bool {
		va, vb := sortValue(a, path), sortValue(b, path)
		if ca, cb := unorderedClass(va), unorderedClass(vb); ca != "" || cb != "" {
			return ca == cb
		}

		return types.CompareOrderForSort(va, vb, types.Ascending) == types.Equal
	}

	var group []*types.Document
	var next *types.Document
	var done bool

	res := iterator.ForFunc(func() (struct{}, *types.Document, error) {
		var unused struct{}

		if len(group) == 0 {
			if done {
				return unused, nil, iterator.ErrIteratorDone
			}

			if next == nil {
				_, doc, err := iter.Next()
				if err != nil {
					if errors.Is(err, iterator.ErrIteratorDone) {
						done = true
					}

					return unused, nil, err
				}

				next = doc
			}

			group = append(group, next)
			next = nil

			for {
				_, doc, err := iter.Next()
				if err != nil {
					if !errors.Is(err, iterator.ErrIteratorDone) {
						return unused, nil, err
					}

					done = true

					break
				}

				if !sameGroup(group[0], doc) {
					next = doc
					break
				}

				group = append(group, doc)
			}

			if len(group) > 1 {
				if err := common.SortDocuments(group, sort); err != nil {
					return unused, nil, lazyerrors.Error(err)
				}
			}
		}

		doc := group[0]
		group = group[1:]

		return unused, doc, nil
	})
	closer.Add(res)

	return res, nil
}

// mergeIterator merges two sorted iterators (ties: a's first); with no order, a then b.
func mergeIterator(a, b types.DocumentsIterator, less func(x, y *types.Document) bool) types.DocumentsIterator {
	var headA, headB *types.Document
	var doneA, doneB bool

	pull := func(iter types.DocumentsIterator, head **types.Document, done *bool) error {
		if *head != nil || *done {
			return nil
		}

		_, doc, err := iter.Next()
		if err != nil {
			if errors.Is(err, iterator.ErrIteratorDone) {
				*done = true
				return nil
			}

			return err
		}

		*head = doc

		return nil
	}

	return iterator.ForFunc(func() (struct{}, *types.Document, error) {
		var unused struct{}

		if err := pull(a, &headA, &doneA); err != nil {
			return unused, nil, err
		}

		if headA == nil || less == nil {
			if headA != nil {
				doc := headA
				headA = nil

				return unused, doc, nil
			}

			if err := pull(b, &headB, &doneB); err != nil {
				return unused, nil, err
			}

			if headB == nil {
				return unused, nil, iterator.ErrIteratorDone
			}

			doc := headB
			headB = nil

			return unused, doc, nil
		}

		if err := pull(b, &headB, &doneB); err != nil {
			return unused, nil, err
		}

		if headB != nil && less(headB, headA) {
			doc := headB
			headB = nil

			return unused, doc, nil
		}

		doc := headA
		headA = nil

		return unused, doc, nil
	})
}

// countPipeline recognizes countDocuments' pipeline, [{$match}, {$group: {_id: <constant>,
// <name>: {$sum: 1}}}], and returns the group's _id and the count's field name.
func countPipeline(stages []any) (id any, field string, ok bool) {
	if len(stages) != 2 {
		return nil, "", false
	}

	match, isDoc := stages[0].(*types.Document)
	if !isDoc || match.Len() != 1 || !match.Has("$match") {
		return nil, "", false
	}

	group, isDoc := stages[1].(*types.Document)
	if !isDoc || group.Len() != 1 || !group.Has("$group") {
		return nil, "", false
	}

	spec, isDoc := must.NotFail(group.Get("$group")).(*types.Document)
	if !isDoc || spec.Len() != 2 || spec.Keys()[0] != "_id" {
		return nil, "", false
	}

	id = must.NotFail(spec.Get("_id"))
	switch v := id.(type) {
	case int32, int64, float64, types.NullType, bool:
	case string:
		if strings.HasPrefix(v, "$") {
			return nil, "", false
		}
	default:
		return nil, "", false
	}

	field = spec.Keys()[1]
	acc, isDoc := must.NotFail(spec.Get(field)).(*types.Document)
	if !isDoc || acc.Len() != 1 || !acc.Has("$sum") {
		return nil, "", false
	}

	switch one := must.NotFail(acc.Get("$sum")); one {
	case int32(1), int64(1), float64(1):
	default:
		return nil, "", false
	}

	return id, field, true
}

// aggregateStages runs an aggregation's document stages, asking the backend for a count
// when the pipeline is countDocuments', and pushing nothing down under hint {$natural}.
func (h *Handler) aggregateStages(
	ctx context.Context, closer *iterator.MultiCloser, command *types.Document, pipeline []any,
	filter *types.Document, p *stagesDocumentsParams,
) (types.DocumentsIterator, error) {
	if naturalHint(command) {
		p.qp.Filter = nil
		return processStagesDocuments(ctx, closer, p)
	}

	id, field, ok := countPipeline(pipeline)
	if !ok || h.DisablePushdown || p.qp.Sort.Len() != 0 {
		return processStagesDocuments(ctx, closer, p)
	}

	match, _ := aggregations.GetPushdownQuery(pipeline[:1])
	if match == nil {
		return processStagesDocuments(ctx, closer, p)
	}

	p.qp.List = &backends.ListParams{Count: true, Partial: p.qp.Filter.Len() != filter.Len()}

	res, err := p.c.Query(ctx, p.qp)
	if err != nil {
		closer.Close()
		return nil, lazyerrors.Error(err)
	}

	if res.List == nil {
		closer.Add(res.Iter)

		iter := res.Iter
		for _, s := range p.stages {
			if iter, err = s.Process(ctx, iter, closer); err != nil {
				return nil, err
			}
		}

		return iter, nil
	}

	n := res.List.Count
	if res.List.Counted {
		res.Iter.Close()
		res.List.Sorted = false

		if res.List.Extra == nil {
			res.List.Extra = iterator.Values(iterator.ForSlice([]*types.Document{}))
		}

		res.Iter, res.List.Extra = res.List.Extra, nil
	}

	res.List.Sorted = false

	iter, err := listIter(res, closer, filter, nil)
	if err != nil {
		closer.Close()
		return nil, lazyerrors.Error(err)
	}

	for {
		_, _, err = iter.Next()
		if err != nil {
			if !errors.Is(err, iterator.ErrIteratorDone) {
				return nil, lazyerrors.Error(err)
			}

			break
		}

		n++
	}

	iter.Close()

	var docs []*types.Document

	if n > 0 {
		var count any = n
		if n <= int64(^uint32(0)>>1) {
			count = int32(n)
		}

		docs = append(docs, must.NotFail(types.NewDocument("_id", id, field, count)))
	}

	res2 := iterator.Values(iterator.ForSlice(docs))
	closer.Add(res2)

	return res2, nil
}
