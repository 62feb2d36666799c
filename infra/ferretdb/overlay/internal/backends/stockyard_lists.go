// Stockyard's build of FerretDB: what a list asks of a backend beyond the filter (see
// infra/ferretdb/patches.json and README).

package backends

import "github.com/FerretDB/FerretDB/internal/types"

// ListParams describes a list query (find, or a countDocuments) to a backend that can
// serve it from an index. Backends that cannot ignore it; the handler still filters,
// sorts, skips and limits whatever comes back, so only the result fields below change
// what the handler does.
type ListParams struct {
	// Sort is the query's own sort (QueryParams.Sort only ever holds $natural).
	Sort *types.Document

	// Skip and Limit are the query's; 0 for none.
	Skip  int64
	Limit int64

	// Partial is true when QueryParams.Filter lacks some of the query's conditions (the
	// handler removes dotted paths), so a backend must not treat it as the whole filter.
	Partial bool

	// Count asks for the number of matching documents only.
	Count bool
}

// ListResult is what a backend that served a list says about its answer.
type ListResult struct {
	// Extra holds documents outside Iter that may match, in no order (a field holding an
	// array, which no index range finds in order); nil for none. The caller filters them,
	// sorts them and merges them with Iter. They are never counted in Count.
	Extra types.DocumentsIterator

	// Sorted is true when Iter returns documents ordered by the first key of
	// ListParams.Sort exactly as MongoDB sorts, documents comparing equal on it next to
	// each other (in no particular order); documents of a type whose values MongoDB
	// compares field by field or byte by byte (objects, binary, timestamps, regular
	// expressions) count as equal to each other for this purpose.
	Sorted bool

	// Skipped is how many of the first documents of the sorted answer the backend left
	// out (all of them before the group of the document at ListParams.Skip).
	Skipped int64

	// Counted is true when Count holds the number of matching documents in Iter's place
	// (Iter is then empty); documents of Extra that match must be added.
	Counted bool
	Count   int64
}
