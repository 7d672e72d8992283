/**
 * {@code petrel bench}: the end-to-end load tool. It drives any RocketMQ-protocol broker (Petrel's or Apache's)
 * through Petrel's client only, so it never sees broker internals.
 *
 * <p>Data flow: {@link dev.petrel.server.bench.LoadCommand} turns options into a {@link dev.petrel.server.bench.BenchPlan};
 * {@link dev.petrel.server.bench.BenchRun} runs it with {@link dev.petrel.server.bench.SendLoop} threads and a
 * {@link dev.petrel.server.bench.ReceiveListener}, which record into {@link dev.petrel.server.bench.LoadMetrics};
 * the run reports through {@link dev.petrel.server.bench.ProgressFormat} and returns a
 * {@link dev.petrel.server.bench.BenchResult} (the JSON {@code RESULT} line). Message bodies carry a header written
 * only by {@link dev.petrel.server.bench.PayloadCodec}. {@link dev.petrel.server.bench.ComparisonTable} renders result
 * files as the tables of docs/benchmarks.md.
 */
package dev.petrel.server.bench;
