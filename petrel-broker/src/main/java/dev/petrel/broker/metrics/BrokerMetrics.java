package dev.petrel.broker.metrics;

import dev.petrel.broker.auth.AuthFailures;
import dev.petrel.broker.client.ClientSession;
import dev.petrel.broker.client.ConsumerGroupState;
import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.schedule.ScheduleStats;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.broker.stats.RequestLatencies;
import dev.petrel.broker.transaction.TransactionCheckLoop;
import dev.petrel.broker.transaction.TransactionOutcomes;
import dev.petrel.common.time.Clock;
import dev.petrel.metrics.BucketHistogram;
import dev.petrel.metrics.CounterTable;
import dev.petrel.metrics.Family;
import dev.petrel.remoting.RemotingMetrics;
import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingVersion;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreStats;
import dev.petrel.store.timer.TimerStats;
import io.prometheus.metrics.model.registry.MultiCollector;
import dev.petrel.store.commitlog.FlushTimes;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The broker's families, with RocketMQ 5's names and labels where RocketMQ has the metric (operations.md §1.4–1.5)
 * and {@code petrel_*} names for the rest. Everything is read when a scrape calls {@link #collect()}: the send and
 * pull counters of {@link BrokerStats}, the offset table against the store's queue ends, the registries, the pools'
 * queues, the store's, timer's, delay levels' and transactions' figures, and the replication's runtime figures. The
 * put path records nothing for this class beyond {@link BrokerStats}.
 *
 * <p>Threads: {@link #collect()} runs on the endpoint's HTTP threads; every source it reads is safe to read from any
 * thread (see each source's Javadoc).
 */
public final class BrokerMetrics implements MultiCollector {

    /** What the families are read from. */
    public record Sources(Clock clock, BrokerStats stats, TopicConfigTable topics, SubscriptionGroupTable groups,
                          ConsumerOffsetTable offsets, MessageStore store, ConsumerRegistry consumers,
                          ProducerRegistry producers, Map<String, ProcessorExecutor> pools, IntSupplier heldPulls,
                          Supplier<ScheduleStats.Snapshot> delay, Supplier<TimerStats.Snapshot> timer,
                          Supplier<TransactionCheckLoop.Stats> transactions, TransactionOutcomes outcomes,
                          Supplier<Map<String, String>> replication, Supplier<HaRuntimeInfo> haStatus,
                          IntSupplier permission,
                          RemotingMetrics remoting, Supplier<Map<AuthFailures.Reason, Long>> authFailures) {
    }

    /** Our pool names → RocketMQ's {@code processor} label values. */
    private static final Map<String, String> PROCESSOR_LABELS = Map.of("broker-send", "send", "broker-pull", "pull",
        "broker-lite-pull", "lite_pull", "broker-query", "query_message", "broker-heartbeat", "heartbeat",
        "broker-client-manage", "client_manager", "broker-consumer-manage", "consumer_manager", "broker-admin", "admin");

    /** The producer group every RocketMQ client registers for itself (MixAll.CLIENT_INNER_PRODUCER_GROUP). */
    static final String INNER_PRODUCER_GROUP = "CLIENT_INNER_PRODUCER";

    private final Sources s;
    private final Labels constant;

    /**
     * @param constant the labels of every series: {@code cluster}, {@code node_type}, {@code node_id} and the
     *                 {@code metricsLabel} pairs ({@link #constantLabels})
     */
    public BrokerMetrics(Sources sources, Labels constant) {
        this.s = sources;
        this.constant = constant;
    }

    /** RocketMQ's labels of every broker series (operations.md §1.2) plus {@code extra}. */
    public static Labels constantLabels(String cluster, String brokerName, Map<String, String> extra) {
        Labels labels = Labels.of("cluster", cluster, "node_type", "broker", "node_id", brokerName);
        for (Map.Entry<String, String> e : extra.entrySet()) {
            labels = labels.add(e.getKey(), e.getValue());
        }
        return labels;
    }

    @Override
    public MetricSnapshots collect() {
        List<MetricSnapshot> out = new ArrayList<>();
        traffic(out);
        sizes(out);
        deadLetters(out);
        transactions(out);
        creations(out);
        consumers(out);
        connections(out);
        metadata(out);
        processors(out);
        storage(out);
        latency(out);
        scheduled(out);
        replication(out);
        authFailures(out);
        out.addAll(CounterTable.families("petrel_remoting", "Broker remoting server counter", s.remoting().snapshot(),
            constant));
        return new MetricSnapshots(out);
    }

    private void traffic(List<MetricSnapshot> out) {
        Family in = Family.counter("rocketmq_messages_in", "Messages stored from producers per topic and type.",
            constant, "topic", "message_type", "is_system");
        Family inBytes = Family.counter("rocketmq_throughput_in", "Bytes stored from producers (record bytes).",
            constant, "topic", "message_type", "is_system");
        SystemTopics system = s.topics().systemTopics();
        s.stats().forEachTopicPut((topic, type, messages, bytes) -> {
            if (!s.topics().contains(topic)) {
                s.stats().topicDeleted(topic); // its counters go with it (the map stays as large as the topic table)
                return;
            }
            if (topic.startsWith(SystemTopics.RETRY_PREFIX) || topic.startsWith(SystemTopics.DLQ_PREFIX)) {
                return; // as RocketMQ 5's metrics: sends to retry and dead-letter topics count in no topic's series
            }
            String sys = Boolean.toString(system.isSystemTopic(topic));
            in.add(messages, topic, type.label(), sys);
            inBytes.add(bytes, topic, type.label(), sys);
        });
        Family outMessages = Family.counter("rocketmq_messages_out", "Messages handed to consumer groups by pulls.",
            constant, "topic", "consumer_group", "is_system");
        Family outBytes = Family.counter("rocketmq_throughput_out", "Bytes handed to consumer groups by pulls.",
            constant, "topic", "consumer_group", "is_system");
        s.stats().forEachGroupGet((topic, group, messages, bytes) -> {
            String sys = Boolean.toString(system.isSystemTopic(topic) || isSystemGroup(group));
            outMessages.add(messages, topic, group, sys);
            outBytes.add(bytes, topic, group, sys);
        });
        out.add(in.build());
        out.add(inBytes.build());
        out.add(outMessages.build());
        out.add(outBytes.build());
    }

    /** Requests' mean record size per topic and type (RocketMQ's {@code rocketmq_message_size}), when metrics are on. */
    private void sizes(List<MetricSnapshot> out) {
        HistogramSnapshot.Builder h = BucketHistogram.family("rocketmq_message_size", "Mean stored record size of each "
            + "send request (bytes), per topic and message type.");
        SystemTopics system = s.topics().systemTopics();
        s.stats().forEachTopicSizes((topic, type, bounds, counts, sum) -> {
            if (!s.topics().contains(topic) || topic.startsWith(SystemTopics.RETRY_PREFIX)
                || topic.startsWith(SystemTopics.DLQ_PREFIX)) {
                return;
            }
            h.dataPoint(BucketHistogram.dataPoint(bounds, counts, sum, Labels.of("topic", topic, "message_type",
                type.label(), "is_system", Boolean.toString(system.isSystemTopic(topic))).merge(constant)));
        });
        out.add(h.build());
    }

    private void deadLetters(List<MetricSnapshot> out) {
        Family f = Family.counter("rocketmq_send_to_dlq_messages", "Messages a group sent to its dead-letter topic, by "
            + "the topic they were first sent to.", constant, "consumer_group", "topic", "is_system");
        SystemTopics system = s.topics().systemTopics();
        s.stats().deadLetters().forEach((group, topic, n) -> f.add(n, group, topic,
            Boolean.toString(system.isSystemTopic(topic) || isSystemGroup(group))));
        out.add(f.build());
    }

    /** Commits, rollbacks and decision times per real topic (RocketMQ's names; the latency's values are seconds). */
    private void transactions(List<MetricSnapshot> out) {
        Family commits = Family.counter("rocketmq_commit_messages", "Transaction half messages committed.", constant,
            "topic");
        Family rollbacks = Family.counter("rocketmq_rollback_messages", "Transaction half messages rolled back.",
            constant, "topic");
        HistogramSnapshot.Builder finish = BucketHistogram.family("rocketmq_finish_message_latency_milliseconds",
            "Seconds (not milliseconds, as RocketMQ records them under this name) from a half message's birth to its "
                + "commit or rollback.");
        s.outcomes().topics().forEach((topic, t) -> {
            commits.add(t.commits(), topic);
            rollbacks.add(t.rollbacks(), topic);
            finish.dataPoint(t.finishSeconds().dataPoint(Labels.of("topic", topic).merge(constant)));
        });
        out.add(commits.build());
        out.add(rollbacks.build());
        out.add(finish.build());
    }

    private void creations(List<MetricSnapshot> out) {
        dev.petrel.broker.stats.CreateTimes t = s.stats().createTimes();
        HistogramSnapshot.Builder topics = BucketHistogram.family("rocketmq_topic_create_execution_time_milliseconds",
            "Time to create or update a topic (UPDATE_AND_CREATE_TOPIC).");
        HistogramSnapshot.Builder groups = BucketHistogram.family(
            "rocketmq_consumer_group_create_execution_time_milliseconds",
            "Time to create or update a subscription group (UPDATE_AND_CREATE_SUBSCRIPTIONGROUP).");
        for (boolean ok : new boolean[] {true, false}) {
            String status = ok ? "success" : "failure";
            for (boolean sys : new boolean[] {false, true}) {
                BucketHistogram h = t.topic(ok, sys);
                if (h.count() > 0) {
                    topics.dataPoint(h.dataPoint(Labels.of("invocation_status", status, "is_system",
                        Boolean.toString(sys)).merge(constant)));
                }
            }
            BucketHistogram g = t.group(ok);
            if (g.count() > 0) {
                groups.dataPoint(g.dataPoint(Labels.of("invocation_status", status).merge(constant)));
            }
        }
        out.add(topics.build());
        out.add(groups.build());
    }

    /** Lag, in-flight and ready messages per group and topic (RocketMQ's), and the lag per queue (Petrel's). */
    private void consumers(List<MetricSnapshot> out) {
        String[] groupTopic = {"consumer_group", "topic", "is_retry", "is_system"};
        Family lag = Family.gauge("rocketmq_consumer_lag_messages", "Messages stored but not yet committed by the "
            + "group (queue max offset minus committed offset, summed over the broker's queues).", constant, groupTopic);
        Family inflight = Family.gauge("rocketmq_consumer_inflight_messages", "Messages pulled by the group but not "
            + "yet committed.", constant, groupTopic);
        Family ready = Family.gauge("rocketmq_consumer_ready_messages", "Messages stored but not yet pulled by the "
            + "group.", constant, groupTopic);
        Family lagLatency = Family.gauge("rocketmq_consumer_lag_latency_milliseconds", "Age of the oldest message "
            + "stored but not yet committed by the group (its store time to now; 0 without lag).", constant, groupTopic);
        Family queueing = Family.gauge("rocketmq_consumer_queueing_latency_milliseconds", "Age of the oldest message "
            + "stored but not yet pulled by the group (its store time to now; 0 when everything stored was pulled).",
            constant, groupTopic);
        Family queueLag = Family.gauge("petrel_consumer_queue_lag_messages", "Messages stored in one queue but not "
            + "yet committed by the group.", constant, "consumer_group", "topic", "queue_id");
        SystemTopics system = s.topics().systemTopics();
        long now = s.clock().millis();
        for (Map.Entry<String, Map<Integer, Long>> entry : s.offsets().all().entrySet()) {
            String key = entry.getKey();
            int at = key.lastIndexOf(ConsumerOffsetTable.SEPARATOR);
            if (at < 0) {
                continue;
            }
            String topic = key.substring(0, at);
            String group = key.substring(at + 1);
            if (!s.topics().contains(topic)) {
                continue;
            }
            long lagSum = 0;
            long inflightSum = 0;
            long readySum = 0;
            long oldest = Long.MAX_VALUE;
            long oldestUnpulled = Long.MAX_VALUE;
            for (Map.Entry<Integer, Long> q : entry.getValue().entrySet()) {
                long committed = q.getValue();
                if (committed < 0) {
                    continue;
                }
                int queueId = q.getKey();
                long max = s.store().maxOffsetInQueue(topic, queueId);
                long pulled = Math.max(committed, s.offsets().queryPulled(group, topic, queueId));
                long queue = Math.max(0, max - committed);
                lagSum += queue;
                inflightSum += Math.max(0, Math.min(max, pulled) - committed);
                readySum += Math.max(0, max - pulled);
                queueLag.add(queue, group, topic, Integer.toString(queueId));
                if (queue > 0) {
                    // the first uncommitted message's store time (-1 when it is gone: the queue was cleaned past it)
                    long stored = s.store().messageStoreTimestamp(topic, queueId, committed);
                    if (stored > 0) {
                        oldest = Math.min(oldest, stored);
                    }
                }
                if (max > pulled) {
                    long stored = s.store().messageStoreTimestamp(topic, queueId, pulled);
                    if (stored > 0) {
                        oldestUnpulled = Math.min(oldestUnpulled, stored);
                    }
                }
            }
            String retry = Boolean.toString(SystemTopics.isRetryTopic(topic));
            String sys = Boolean.toString(system.isSystemTopic(topic) || isSystemGroup(group));
            lag.add(lagSum, group, topic, retry, sys);
            inflight.add(inflightSum, group, topic, retry, sys);
            ready.add(readySum, group, topic, retry, sys);
            lagLatency.add(oldest == Long.MAX_VALUE ? 0 : Math.max(0, now - oldest), group, topic, retry, sys);
            queueing.add(oldestUnpulled == Long.MAX_VALUE ? 0 : Math.max(0, now - oldestUnpulled), group, topic, retry,
                sys);
        }
        out.add(lag.build());
        out.add(lagLatency.build());
        out.add(queueing.build());
        out.add(inflight.build());
        out.add(ready.build());
        out.add(queueLag.build());
    }

    private void connections(List<MetricSnapshot> out) {
        // Connections, not (group, session) pairs: one client registers each of its producer groups on one
        // connection. Every client's built-in group (for sending consumed messages back) is left out.
        Map<Object, ClientSession> connections = new IdentityHashMap<>();
        s.producers().all().forEach((group, sessions) -> {
            if (!INNER_PRODUCER_GROUP.equals(group)) {
                sessions.forEach(session -> connections.putIfAbsent(session.connection(), session));
            }
        });
        Map<List<String>, Integer> producers = new HashMap<>();
        for (ClientSession session : connections.values()) {
            producers.merge(List.of(language(session), version(session.version())), 1, Integer::sum);
        }
        Family p = Family.gauge("rocketmq_producer_connections", "Producer connections by client language and version.",
            constant, "language", "version", "protocol_type");
        producers.forEach((k, n) -> p.add(n, k.get(0), k.get(1), "remoting"));
        out.add(p.build());

        Family c = Family.gauge("rocketmq_consumer_connections", "Consumer connections per group.", constant,
            "consumer_group", "language", "version", "consume_mode", "protocol_type", "is_system");
        for (String group : s.consumers().groupNames()) {
            ConsumerGroupState state = s.consumers().group(group);
            if (state == null) {
                continue;
            }
            String mode = state.consumeType() == null ? "" : consumeMode(state.consumeType().name());
            Map<List<String>, Integer> byClient = new HashMap<>();
            for (ClientSession session : state.sessions()) {
                byClient.merge(List.of(language(session), version(session.version())), 1, Integer::sum);
            }
            String sys = Boolean.toString(isSystemGroup(group));
            byClient.forEach((k, n) -> c.add(n, group, k.get(0), k.get(1), mode, "remoting", sys));
        }
        out.add(c.build());
    }

    private void metadata(List<MetricSnapshot> out) {
        out.add(Family.gauge("rocketmq_topic_number", "Topics on this broker (system topics included).", constant)
            .add(s.topics().all().size()).build());
        out.add(Family.gauge("rocketmq_consumer_group_number", "Subscription groups on this broker.", constant)
            .add(s.groups().all().size()).build());
        out.add(Family.gauge("rocketmq_broker_permission", "brokerPermission (6 read-write, 4 read-only, 2 "
            + "write-only).", constant).add(s.permission().getAsInt()).build());
    }

    private void processors(List<MetricSnapshot> out) {
        Family watermark = Family.gauge("rocketmq_processor_watermark", "Requests waiting in a processor pool's queue.",
            constant, "processor");
        Family headWait = Family.gauge("petrel_processor_queue_head_wait_milliseconds", "How long the oldest request "
            + "still queued in a pool has waited.", constant, "processor");
        long now = s.clock().nanos();
        s.pools().forEach((name, pool) -> {
            String label = PROCESSOR_LABELS.getOrDefault(name, name);
            watermark.add(pool.queued(), label);
            headWait.add(pool.headWaitMillis(now), label);
        });
        out.add(watermark.build());
        out.add(headWait.build());
        out.add(Family.gauge("petrel_pull_holds", "Pulls held by long polling right now.", constant)
            .add(s.heldPulls().getAsInt()).build());
    }

    private void storage(List<MetricSnapshot> out) {
        StoreStats st = s.store().stats();
        String[] storage = {"storage_type", "storage_medium"};
        out.add(Family.gauge("rocketmq_storage_size_bytes", "Bytes of CommitLog kept (max offset minus min offset).",
            constant, storage).add(st.commitLogMaxOffset() - st.commitLogMinOffset(), "local", "disk").build());
        out.add(Family.gauge("rocketmq_storage_dispatch_behind_bytes", "CommitLog bytes not yet in the consume queues.",
            constant, storage).add(st.dispatchLag(), "local", "disk").build());
        out.add(Family.gauge("rocketmq_storage_flush_behind_bytes", "CommitLog bytes appended but not yet forced to "
            + "disk.", constant, storage).add(s.store().flushBehindBytes(), "local", "disk").build());
        out.add(flushLatency(s.store().flushTimes()));
        long earliest = st.earliestMessageTime();
        out.add(Family.gauge("rocketmq_storage_message_reserve_time_milliseconds", "Age of the oldest stored message.",
            constant, storage).add(earliest <= 0 ? 0 : Math.max(0, s.clock().millis() - earliest), "local", "disk")
            .build());
        out.add(Family.gauge("petrel_storage_disk_ratio", "Used fraction of the CommitLog's file system (0..1).",
            constant).add(st.diskUsedRatio()).build());
        out.add(Family.gauge("petrel_storage_disk_full", "1 while the disk is too full to accept sends.", constant)
            .add(st.diskFull() ? 1 : 0).build());
        out.add(Family.gauge("petrel_storage_ack_latency_p99_microseconds", "99th percentile of a put's time from "
            + "append to visible (flush or replica wait included).", constant).add(st.ackLatencyP99Micros()).build());
        out.add(Family.gauge("petrel_storage_pending_acks", "Puts stored and waiting to be acknowledged.", constant)
            .add(st.pendingAcks()).build());
    }

    /** The CommitLog's forces to disk (Petrel's; RocketMQ 5 has no flush-time metric). */
    private MetricSnapshot flushLatency(FlushTimes.Snapshot f) {
        long[] micros = f.boundsMicros();
        double[] millis = new double[micros.length];
        for (int i = 0; i < micros.length; i++) {
            millis[i] = micros[i] / 1000.0;
        }
        return BucketHistogram.family("petrel_storage_flush_latency_milliseconds", "Time of each force of the "
            + "CommitLog to disk that moved the flushed offset (ASYNC_FLUSH's loop, SYNC_FLUSH's group commit).")
            .dataPoint(BucketHistogram.dataPoint(millis, f.counts(), f.sumMicros() / 1000.0, constant)).build();
    }

    private void latency(List<MetricSnapshot> out) {
        HistogramSnapshot.Builder h = BucketHistogram.family("rocketmq_rpc_latency_milliseconds",
            "Time from a request's arrival to its answer (send and pull codes; pulls answered at once).");
        RequestLatencies latencies = s.stats().latencies();
        for (int code : RequestLatencies.CODES) {
            h.dataPoint(latencies.of(code).dataPoint(Labels.of("protocol_type", "remoting", "request_code",
                RequestCode.name(code).toLowerCase(Locale.ROOT)).merge(constant)));
        }
        out.add(h.build());
    }

    /**
     * Refused requests by reason (ACL 1.0 and 2.0). RocketMQ 5.3 exports no such metric, hence a petrel_ name; the
     * label is the bounded {@link AuthFailures.Reason}, never a user name or address a client sent.
     */
    private void authFailures(List<MetricSnapshot> out) {
        Family f = Family.counter("petrel_auth_failures", "Requests refused by authentication or authorization since "
            + "start, by reason.", constant, "reason");
        s.authFailures().get().forEach((reason, n) -> f.add(n, reason.name().toLowerCase(java.util.Locale.ROOT)));
        out.add(f.build());
    }

    private void scheduled(List<MetricSnapshot> out) {
        ScheduleStats.Snapshot d = s.delay().get();
        Family levels = Family.gauge("petrel_delay_backlog_messages", "Delay-level messages waiting per level.",
            constant, "delay_level");
        d.backlogByLevel().forEach((level, n) -> levels.add(n, Integer.toString(level)));
        out.add(levels.build());
        out.add(Family.counter("petrel_delay_delivered_messages", "Delay-level messages delivered since start.",
            constant).add(d.delivered()).build());
        out.add(Family.gauge("petrel_delay_lateness_max_milliseconds", "Largest delivery lateness of a delay-level "
            + "message since start.", constant).add(d.lateness().max()).build());

        TimerStats.Snapshot t = s.timer().get();
        out.add(Family.gauge("rocketmq_timer_enqueue_lag", "Timer-topic entries not yet taken into the timer index.",
            constant).add(t.offsetBehind()).build());
        out.add(Family.gauge("rocketmq_timer_dequeue_latency_milliseconds", "How far the timer's delivery position is "
            + "behind the clock.", constant).add(t.readBehindMillis()).build());
        out.add(Family.gauge("petrel_timer_backlog_messages", "Timer messages waiting for their time.", constant)
            .add(t.backlog()).build());
        out.add(Family.counter("petrel_timer_enqueued_messages", "Timer messages accepted since start.", constant)
            .add(t.enqueued()).build());
        out.add(Family.counter("petrel_timer_delivered_messages", "Timer messages delivered since start.", constant)
            .add(t.delivered()).build());
        out.add(Family.gauge("petrel_timer_lateness_max_milliseconds", "Largest delivery lateness of a timer message "
            + "since start.", constant).add(t.lateness().max()).build());

        TransactionCheckLoop.Stats tx = s.transactions().get();
        out.add(Family.gauge("rocketmq_half_messages", "Transaction half messages not yet committed or rolled back.",
            constant).add(tx.pending()).build());
        out.add(Family.counter("petrel_transaction_checks", "Transaction check-backs sent since start.", constant)
            .add(tx.checksSent()).build());
    }

    /** The classic replication's figures, from the same table GET_BROKER_RUNTIME_INFO reports. */
    private void replication(List<MetricSnapshot> out) {
        Map<String, String> info = s.replication().get();
        Family lag = Family.gauge("petrel_replication_lag_bytes", "How far the slowest slave is behind this master's "
            + "CommitLog (master only).", constant);
        Family slaves = Family.gauge("petrel_replication_slave_connections", "Slaves connected to this master.",
            constant);
        number(info.get("haSlaveFallBehindBytes"), lag);
        number(info.get("haConnectionNums"), slaves);
        out.add(lag.build());
        out.add(slaves.build());
        // per replica, from GET_BROKER_HA_STATUS's answer: a classic master's slaves and a DLedger leader's followers
        HaRuntimeInfo ha = s.haStatus().get();
        Family replicaLag = Family.gauge("petrel_replication_replica_lag_bytes", "How far each replica is behind this "
            + "master's (or DLedger leader's) CommitLog: max offset minus the offset the replica acknowledged.",
            constant, "replica");
        Family inSync = Family.gauge("petrel_replication_in_sync_replicas", "Replicas within haMaxGapNotInSync of "
            + "this master (DLedger: and heard from within the election timeout).", constant);
        if (ha.master()) {
            for (HaRuntimeInfo.Connection c : ha.haConnectionInfo()) {
                replicaLag.add(c.slaveAckOffset() < 0 ? ha.masterCommitLogMaxOffset() : Math.max(0, c.diff()), c.addr());
            }
            inSync.add(ha.inSyncSlaveNums());
        }
        out.add(replicaLag.build());
        out.add(inSync.build());
    }

    private static void number(String text, Family family) {
        if (text != null) {
            try {
                family.add(Long.parseLong(text));
            } catch (NumberFormatException e) {
                // not a master: no series
            }
        }
    }

    private static boolean isSystemGroup(String group) {
        return group.startsWith(SubscriptionGroupTable.SYSTEM_GROUP_PREFIX);
    }

    private static String language(ClientSession session) {
        return session.language() == null ? "" : session.language().name().toLowerCase(Locale.ROOT);
    }

    /**
     * RocketMQ's version label ({@code v5_3_1}) for the versions Petrel names ({@link RemotingVersion}); other
     * clients' version codes are given as numbers.
     */
    static String version(int code) {
        return switch (code) {
            case RemotingVersion.V5_3_1 -> "v5_3_1";
            case RemotingVersion.V5_0_0 -> "v5_0_0";
            case RemotingVersion.V4_9_4 -> "v4_9_4";
            default -> Integer.toString(code);
        };
    }

    private static String consumeMode(String consumeType) {
        return switch (consumeType) {
            case "CONSUME_ACTIVELY" -> "pull";
            case "CONSUME_PASSIVELY" -> "push";
            case "CONSUME_POP" -> "pop";
            default -> consumeType.toLowerCase(Locale.ROOT);
        };
    }
}
