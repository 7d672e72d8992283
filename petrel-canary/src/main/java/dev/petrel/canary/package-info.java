/**
 * The correctness canary ({@code bin/petrel canary}): {@link dev.petrel.canary.Canary} sends sequenced messages to
 * every broker and reads them back; {@link dev.petrel.canary.CanaryReport} is what it saw (lost, duplicated,
 * out-of-order, latency), also served as {@code petrel_canary_*} metrics. Settings: {@link dev.petrel.canary.CanaryConfig}.
 */
package dev.petrel.canary;
