/**
 * Consumer filters at the broker (sql92-filter.md §4): the SQL92 filters registered per (topic, group) from
 * heartbeats ({@link dev.petrel.broker.filter.ConsumerFilterTable}), what a pull filters with
 * ({@link dev.petrel.broker.filter.PullFilter}: the ConsumeQueue tag-code pre-check, then the stored record's
 * properties), and the count of evaluation errors, each distinct one logged once
 * ({@link dev.petrel.broker.filter.EvaluationErrors}).
 */
package dev.petrel.broker.filter;
