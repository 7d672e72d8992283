/**
 * Message filters: RocketMQ's TAG expressions and SQL92 property selectors, compiled once and evaluated per
 * message. Pure logic over the JDK: the broker evaluates them while serving pulls, the client validates expressions
 * when it subscribes.
 *
 * <p>Entry points: {@link dev.petrel.message.filter.FilterCompiler} (or a
 * {@link dev.petrel.message.filter.FilterCache}) turns an expression type and expression into a
 * {@link dev.petrel.message.filter.FilterCompilation}: a {@link dev.petrel.message.filter.MessageFilter} or a
 * {@link dev.petrel.message.filter.FilterError}. Semantics follow RocketMQ 5.3.1 exactly, quirks included; see
 * shared/protocol/sql92-filter.md.
 */
package dev.petrel.message.filter;
