// Stockyard's build: a one-pass reader of stored documents (see infra/ferretdb/README.md).

package sjson

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// Unmarshal decodes a stored document. Each document read is decoded here, and the stock
// decoder (unmarshalStock) ran a new json.Decoder for every value and decoded the document's
// schema each time: about two thirds of FerretDB's CPU when a list or an export reads rows.
// This reads the JSON text once, takes schemas from a cache keyed by their text, and converts
// the common types directly. Anything it does not read exactly as the stock decoder would
// (escaped keys, binary, regex and timestamp values, malformed text) goes to the stock decoder,
// which answers it and its errors as before.
func Unmarshal(data []byte) (*types.Document, error) {
	if doc, ok := fastUnmarshal(data); ok {
		return doc, nil
	}

	return unmarshalStock(data)
}

// schemaCacheMax bounds the cache: past it, the cache starts again empty.
const schemaCacheMax = 4096

var schemaCache = struct {
	sync.RWMutex
	m map[string]*schema
}{m: map[string]*schema{}}

// cachedSchema answers a document's schema from its JSON text, decoded as the stock decoder does.
func cachedSchema(raw []byte) (*schema, bool) {
	schemaCache.RLock()
	sch, ok := schemaCache.m[string(raw)]
	schemaCache.RUnlock()

	if ok {
		return sch, true
	}

	r := bytes.NewReader(raw)
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()

	sch = new(schema)
	if err := dec.Decode(sch); err != nil {
		return nil, false
	}

	if err := checkConsumed(dec, r); err != nil {
		return nil, false
	}

	schemaCache.Lock()
	if len(schemaCache.m) >= schemaCacheMax {
		schemaCache.m = map[string]*schema{}
	}
	schemaCache.m[string(raw)] = sch
	schemaCache.Unlock()

	return sch, true
}

// rawMember is one member of a JSON object: its key and its value's text.
type rawMember struct {
	key   string
	value []byte
}

// fastUnmarshal answers false for anything the stock decoder must answer.
func fastUnmarshal(data []byte) (*types.Document, bool) {
	members, ok := scanObject(data)
	if !ok || len(members) == 0 || members[0].key != "$s" {
		return nil, false
	}

	sch, ok := cachedSchema(members[0].value)
	if !ok {
		return nil, false
	}

	return documentOf(members[1:], sch)
}

// documentOf builds a document from its members in the schema's key order, as the stock decoder does.
func documentOf(members []rawMember, sch *schema) (*types.Document, bool) {
	if sch == nil || len(sch.Keys) != len(members) {
		return nil, false
	}

	d := must.NotFail(types.NewDocument())

	for i, key := range sch.Keys {
		// Marshal writes the members in the schema's order; any other order goes to the stock decoder.
		if members[i].key != key {
			return nil, false
		}

		v, ok := valueOf(members[i].value, sch.Properties[key])
		if !ok {
			return nil, false
		}

		d.Set(key, v)
	}

	return d, true
}

func valueOf(raw []byte, sch *elem) (any, bool) {
	if string(raw) == "null" {
		return types.Null, true
	}

	if sch == nil {
		return nil, false
	}

	switch sch.Type {
	case elemTypeObject:
		if sch.Schema == nil {
			return nil, false
		}

		members, ok := scanObject(raw)
		if !ok {
			return nil, false
		}

		if len(members) == 0 {
			return must.NotFail(types.NewDocument()), true
		}

		return documentOf(members, sch.Schema)
	case elemTypeArray:
		items, ok := scanArray(raw)
		if !ok || len(items) != len(sch.Items) {
			return nil, false
		}

		a := types.MakeArray(len(items))

		for i, item := range items {
			v, ok := valueOf(item, sch.Items[i])
			if !ok {
				return nil, false
			}

			a.Append(v)
		}

		return a, true
	case elemTypeString:
		return stringOf(raw)
	case elemTypeDouble:
		if !isNumber(raw) {
			return nil, false
		}

		f, err := strconv.ParseFloat(string(raw), 64)

		return f, err == nil
	case elemTypeInt:
		if !isNumber(raw) {
			return nil, false
		}

		n, err := strconv.ParseInt(string(raw), 10, 32)

		return int32(n), err == nil
	case elemTypeLong:
		if !isNumber(raw) {
			return nil, false
		}

		n, err := strconv.ParseInt(string(raw), 10, 64)

		return n, err == nil
	case elemTypeDate:
		if !isNumber(raw) {
			return nil, false
		}

		n, err := strconv.ParseInt(string(raw), 10, 64)

		return time.UnixMilli(n), err == nil
	case elemTypeBool:
		switch string(raw) {
		case "true":
			return true, true
		case "false":
			return false, true
		}

		return nil, false
	case elemTypeObjectID:
		s, ok := stringOf(raw)
		if !ok {
			return nil, false
		}

		b, err := hex.DecodeString(s.(string))
		if err != nil || len(b) != 12 {
			return nil, false
		}

		return types.ObjectID(b), true
	}

	return nil, false
}

// isNumber: the text starts as a JSON number does (ParseInt and ParseFloat check the rest, but
// would also take what JSON does not: a leading '+', "Inf", "NaN", hexadecimal).
func isNumber(raw []byte) bool {
	if len(raw) == 0 {
		return false
	}

	c := raw[0]
	if c == '-' && len(raw) > 1 {
		c = raw[1]
	}

	if c < '0' || c > '9' {
		return false
	}

	// JSON has no leading zeros ("01"), which ParseInt and ParseFloat take.
	if digits := bytes.TrimPrefix(raw, []byte("-")); len(digits) > 1 && digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9' {
		return false
	}

	for _, c := range raw {
		if c == 'x' || c == 'X' || c == '_' || c == 'p' || c == 'P' {
			return false
		}
	}

	return true
}

// stringOf: a JSON string's value; one with escapes is unquoted by encoding/json.
func stringOf(raw []byte) (any, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return nil, false
	}

	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		if !utf8.Valid(inner) {
			return nil, false
		}

		for _, c := range inner {
			if c < 0x20 {
				return nil, false
			}
		}

		return string(inner), true
	}

	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, false
	}

	return s, true
}

// scanObject splits a JSON object's text into its members; false for escaped keys or any malformed text.
func scanObject(data []byte) ([]rawMember, bool) {
	members := make([]rawMember, 0, 16)

	i, closed, ok := opening(data, '{', '}')
	if !ok || closed {
		return members, ok
	}

	for {
		if i >= len(data) || data[i] != '"' {
			return nil, false
		}

		end, ok := stringEnd(data, i)
		if !ok {
			return nil, false
		}

		key := data[i+1 : end-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			return nil, false
		}

		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, false
		}

		start := skipSpace(data, i+1)

		stop, ok := valueEnd(data, start)
		if !ok {
			return nil, false
		}

		members = append(members, rawMember{key: string(key), value: data[start:stop]})

		if i, closed, ok = afterItem(data, stop, '}'); !ok || closed {
			return members, ok
		}
	}
}

// scanArray splits a JSON array's text into its items.
func scanArray(data []byte) ([][]byte, bool) {
	var items [][]byte

	i, closed, ok := opening(data, '[', ']')
	if !ok || closed {
		return items, ok
	}

	for {
		stop, ok := valueEnd(data, i)
		if !ok {
			return nil, false
		}

		items = append(items, data[i:stop])

		if i, closed, ok = afterItem(data, stop, ']'); !ok || closed {
			return items, ok
		}
	}
}

// opening reads an object's or array's opening bracket: the index of its first item, or closed when
// it closes at once (ok only if nothing but spaces follows).
func opening(data []byte, open, closing byte) (first int, closed, ok bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != open {
		return 0, false, false
	}

	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == closing {
		return 0, true, skipSpace(data, i+1) == len(data)
	}

	return i, false, true
}

// afterItem reads what follows an item ending at stop: a comma (then the next item's index), or the
// closing bracket (closed; ok only if nothing but spaces follows).
func afterItem(data []byte, stop int, closing byte) (next int, closed, ok bool) {
	i := skipSpace(data, stop)
	if i >= len(data) {
		return 0, false, false
	}

	switch data[i] {
	case closing:
		return 0, true, skipSpace(data, i+1) == len(data)
	case ',':
		return skipSpace(data, i+1), false, true
	}

	return 0, false, false
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}

	return i
}

// stringEnd: the index after the closing quote of the string starting at i.
func stringEnd(data []byte, i int) (int, bool) {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}

	return 0, false
}

// valueEnd: the index after the JSON value starting at i (its text is checked when it is read).
func valueEnd(data []byte, i int) (int, bool) {
	if i >= len(data) {
		return 0, false
	}

	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0

		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				end, ok := stringEnd(data, j)
				if !ok {
					return 0, false
				}

				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, true
				}
			}
		}

		return 0, false
	}

	j := i
	for j < len(data) && data[j] != ',' && data[j] != '}' && data[j] != ']' &&
		data[j] != ' ' && data[j] != '\t' && data[j] != '\n' && data[j] != '\r' {
		j++
	}

	return j, j > i
}
