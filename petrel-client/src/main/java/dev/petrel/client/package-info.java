/**
 * Petrel's Java client for RocketMQ-protocol brokers (Petrel's own and Apache RocketMQ's).
 *
 * <ul>
 *   <li>{@link dev.petrel.client.producer.PetrelProducer}: sync, async and oneway sends, batches, ordered sends;</li>
 *   <li>{@link dev.petrel.client.consumer.PetrelPushConsumer}: listener-driven consumption on long polling;</li>
 *   <li>{@link dev.petrel.client.consumer.PetrelLitePullConsumer}: poll-driven consumption with subscribe or assign;</li>
 *   <li>{@link dev.petrel.client.consumer.PetrelPullConsumer}: one pull at a time, offsets managed by the caller;</li>
 *   <li>{@link dev.petrel.client.admin.PetrelAdmin}: topics, groups, offsets, statistics, routes, message queries.</li>
 * </ul>
 *
 * All clients are built with a builder, are {@link java.lang.AutoCloseable} and share one connection set per
 * process, NameServer cluster and instance name. Failures surface as {@link dev.petrel.client.ClientException}s
 * whose messages say what to do. Packages under {@code dev.petrel.client.internal} are not API.
 */
package dev.petrel.client;
