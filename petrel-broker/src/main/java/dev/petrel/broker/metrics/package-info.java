/** The broker's Prometheus families, collected at scrape time from the counters the broker keeps anyway. */
package dev.petrel.broker.metrics;
