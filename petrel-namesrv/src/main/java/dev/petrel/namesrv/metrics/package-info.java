/** The NameServer's Prometheus families, collected at scrape time. */
package dev.petrel.namesrv.metrics;
