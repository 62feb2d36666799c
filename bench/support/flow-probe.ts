/**
 * What `bench:flows` hands a benchmark so the store floor can be measured beside it: the benchmark
 * calls these at the point where its stack is seeded but still small (writes) or its list data is in
 * place (reads). Run alone, a benchmark gets no probe and prints what it always printed.
 */
import type { Stack } from '@stockyard/testkit';

/** One operation of a flow: its requests in order, each a step whose writes are counted apart. */
export interface WriteProbe {
  stack: Stack;
  steps: (() => Promise<unknown>)[];
  /** Units of the flow's rate in one operation (an import job of 1,000 rows: 1,000); 1 otherwise. */
  units?: number;
  /** Operations to run before counting (first writes of a kind: a stats bucket, a level); default 1. */
  warmups?: number;
  /** Operations counted; default 1 (each costs the relay's clear, 6 s, after each step). */
  counted?: number;
}

/**
 * A page read as the service answers it, straight on its collection: the query's own filter where it
 * is a field of the collection, else (a search) the unfiltered page cut to as many rows as it answered.
 */
export interface PageRead {
  /** The query the benchmark sends through the gateway, which this read stands for. */
  query: string;
  filter: Record<string, unknown>;
  sort: Record<string, 1 | -1>;
  limit: number;
}

export interface ReadProbe {
  dbName: string;
  collection: string;
  reads: PageRead[];
}

export interface FlowProbe {
  writes?(probe: WriteProbe): Promise<void>;
  reads?(probe: ReadProbe): Promise<void>;
}
