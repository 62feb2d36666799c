// Stockyard's build: Unmarshal answers what the stock decoder answers (see infra/ferretdb/README.md).

package sjson

import (
	"math"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

var stockyardTexts = []string{
	"", "plain", "with \"quotes\" and \\ backslashes", "tab\there\nnewline", "<html> & </html>",
	"ünïcödé ✓ 🚀", "\u2028 line separator", "a,b}c]d{e[f:g", "$dollar", "x" + strings.Repeat("y", 300),
}

func stockyardValue(r *rand.Rand, depth int) any {
	kinds := 12
	if depth > 2 {
		kinds = 10 // no more nesting
	}

	switch r.Intn(kinds) {
	case 0:
		return stockyardTexts[r.Intn(len(stockyardTexts))]
	case 1:
		return []float64{0, math.Copysign(0, -1), 1.5, -2.25e-7, 1e300, 42, math.MaxFloat64}[r.Intn(7)]
	case 2:
		return []int32{0, -1, 7, math.MaxInt32, math.MinInt32}[r.Intn(5)]
	case 3:
		return []int64{0, -1, 1 << 40, math.MaxInt64, math.MinInt64}[r.Intn(5)]
	case 4:
		return time.UnixMilli(r.Int63n(4_000_000_000_000) - 1_000_000_000_000)
	case 5:
		return r.Intn(2) == 0
	case 6:
		return types.Null
	case 7:
		return types.ObjectID{byte(r.Intn(256)), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	case 8:
		return types.Binary{Subtype: types.BinaryGeneric, B: []byte{1, 2, byte(r.Intn(256))}}
	case 9:
		return []any{types.Regex{Pattern: "^a.*b$", Options: "i"}, types.Timestamp(r.Uint64() >> 1)}[r.Intn(2)]
	case 10:
		d := must.NotFail(types.NewDocument())
		for i, n := 0, r.Intn(5); i < n; i++ {
			d.Set([]string{"a", "b.c", "ü", "with space", "x"}[i], stockyardValue(r, depth+1))
		}

		return d
	default:
		a := types.MakeArray(0)
		for i, n := 0, r.Intn(5); i < n; i++ {
			a.Append(stockyardValue(r, depth+1))
		}

		return a
	}
}

func TestStockyardUnmarshalAsStock(t *testing.T) {
	t.Parallel()

	r := rand.New(rand.NewSource(7))

	for i := 0; i < 5000; i++ {
		doc := must.NotFail(types.NewDocument("_id", stockyardValue(r, 0)))
		for k, n := 0, r.Intn(8); k < n; k++ {
			doc.Set([]string{"orgId", "lines", "createdAt", "total", "view", "nested", "tags", "flag"}[k], stockyardValue(r, 0))
		}

		data, err := Marshal(doc)
		require.NoError(t, err)

		stock, err := unmarshalStock(data)
		require.NoError(t, err)

		fast, ok := fastUnmarshal(data)
		if ok {
			assert.Equal(t, stock, fast, "%s", data)
		}

		got, err := Unmarshal(data)
		require.NoError(t, err)
		assert.Equal(t, stock, got, "%s", data)
	}
}

func TestStockyardUnmarshalRefusesAsStock(t *testing.T) {
	t.Parallel()

	for _, text := range []string{
		`{"$s":{"p":{"n":{"t":"int"}},"$k":["n"]},"n":01}`,
		`{"$s":{"p":{"n":{"t":"int"}},"$k":["n"]},"n":1.5}`,
		`{"$s":{"p":{"n":{"t":"long"}},"$k":["n"]},"n":+1}`,
		`{"$s":{"p":{"n":{"t":"double"}},"$k":["n"]},"n":0x10}`,
		`{"$s":{"p":{"n":{"t":"double"}},"$k":["n"]},"n":NaN}`,
		`{"$s":{"p":{"s":{"t":"string"}},"$k":["s"]},"s":"a` + "\x01" + `"}`,
		`{"$s":{"p":{"o":{"t":"objectId"}},"$k":["o"]},"o":"0102"}`,
		`{"$s":{"p":{"d":{"t":"object"}},"$k":["d"]},"d":{}}`,
		`{"$s":{"p":{"b":{"t":"bool"}},"$k":["b"]},"b":1}`,
		`{"$s":{"p":{"a":{"t":"array","i":[{"t":"int"}]}},"$k":["a"]},"a":[1,2]}`,
		`{"$s":{"p":{"s":{"t":"string"}},"$k":["s"]},"s":"x","s":"y"}`,
		`{"$s":{"p":{"s":{"t":"string"}},"$k":["s"]},"s":"x"} trailing`,
	} {
		_, stockErr := unmarshalStock([]byte(text))
		_, ok := fastUnmarshal([]byte(text))
		assert.False(t, ok, "%s", text)

		doc, err := Unmarshal([]byte(text))
		if stockErr != nil {
			assert.Error(t, err, "%s", text)
			assert.Nil(t, doc)
		}
	}
}
