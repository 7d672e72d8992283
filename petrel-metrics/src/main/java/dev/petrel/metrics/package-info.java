/**
 * The Prometheus endpoint shared by the broker and the NameServer: {@link dev.petrel.metrics.MetricsConfig} (the
 * keys), {@link dev.petrel.metrics.MetricsEndpoint} (HTTP and the JVM families) and the builders the roles' collectors
 * use at scrape time ({@link dev.petrel.metrics.Family}, {@link dev.petrel.metrics.BucketHistogram}).
 */
package dev.petrel.metrics;
