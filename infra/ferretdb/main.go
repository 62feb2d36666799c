// Command ferretdb-local runs FerretDB v1 embedded, on its SQLite backend, as the
// MongoDB-compatible store for machines without a MongoDB binary or a Docker engine.
//
// `go install` of FerretDB's own command panics at start (its version file is not
// part of the module), so we embed the library package instead.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dataDir := flag.String("data", ".stockyard/ferretdb", "directory for the SQLite databases")
	flag.Parse()

	// One scheduler thread unless GOMAXPROCS says otherwise. Writes run one at a time
	// anyway (SQLite), and beside the services on a small machine a second thread mostly
	// spins looking for work and hands requests between threads: on our 2-core machine,
	// one thread cut FerretDB's CPU per request by about a quarter and the webhooks
	// benchmark's p99 at 80 events/s from 1.6 s to 0.35 s.
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}

	// The heap may grow to five times what is live between collections, unless GOGC says
	// otherwise. Go's default (twice) spent about 8% of FerretDB's CPU collecting a heap
	// of a few megabytes.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}

	dir, err := filepath.Abs(*dataDir)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}

	// Error only: every driver disconnect logs a harmless WARN (FerretDB v1 lacks endSessions).
	logger := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	// synchronous(normal): in WAL mode a commit is written to the log but not flushed to
	// disk each time; a killed process loses nothing, a power cut may lose the last
	// commits. That is MongoDB's own default (acknowledged writes are journaled within
	// 100 ms, not flushed one by one), and it takes an fsync off every write, which
	// FerretDB runs one at a time.
	sqliteURL := "file:" + dir + "/?_pragma=synchronous(normal)"
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: sqliteURL,
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	log.Printf("ferretdb listening on %s, data in %s", *listen, dir)
	f.Run(ctx)
}
