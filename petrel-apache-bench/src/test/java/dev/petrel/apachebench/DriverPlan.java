package dev.petrel.apachebench;

import java.nio.file.Path;

/**
 * One run of the driver, validated: the command line as data. The option names are those of {@code bin/petrel
 * bench}, so bench/compare.sh gives both load tools the same load line.
 *
 * @param workload    produce, e2e (send and consume, end-to-end latency), fill (send {@code messages} as fast as
 *                    possible, unmeasured: a backlog for drain) or drain (a new group consumes {@code messages} from
 *                    the first offset)
 * @param cluster     the cluster to create the topic on (null: the only one the NameServer knows)
 * @param queues      read and write queues of a created topic
 * @param createTopic create (or update) the topic on every master of the cluster first
 * @param rate        messages per second of all threads together, 0 for as fast as possible
 * @param inflight    async: unanswered sends at most, all threads together
 * @param brokerPid   the broker process to measure (CPU, memory), or null
 * @param resultFile  a file to append the result's JSON line to, or null
 * @param messages    fill and drain: how many messages
 * @param ticksPerSecond the kernel's USER_HZ, for /proc/&lt;pid&gt;/stat
 */
record DriverPlan(Workload workload, String namesrv, String topic, String cluster, int queues, boolean createTopic,
                  Mode mode, int threads, int size, int batch, int inflight, double rate, double warmupSeconds,
                  double durationSeconds, double intervalSeconds, String label, Long brokerPid, Path resultFile,
                  long messages, String group, int consumeThreads, double drainSeconds, int sendTimeoutMillis,
                  long ticksPerSecond) {

    /** The client's and broker's default maxMessageSize. */
    static final int MAX_BODY = 4 * 1024 * 1024;

    enum Workload { PRODUCE, E2E, FILL, DRAIN }

    enum Mode { SYNC, ASYNC, ONEWAY }

    DriverPlan {
        require(namesrv != null && !namesrv.isBlank(), "-n: give the NameServer address, host:port");
        require(topic != null && !topic.isBlank(), "-t: give a topic");
        require(queues >= 1 && queues <= 1024, "--queues must be between 1 and 1024, got " + queues);
        require(threads >= 1 && threads <= 4096, "--threads must be between 1 and 4096, got " + threads);
        require(size >= BenchStamp.HEADER_SIZE && size <= MAX_BODY, "--size must be between "
            + BenchStamp.HEADER_SIZE + " (the bench header) and " + MAX_BODY + " bytes, got " + size);
        require(batch >= 1 && batch <= 1024, "--batch must be between 1 and 1024, got " + batch);
        require(batch == 1 || mode == Mode.SYNC, "--batch works with --sync only: the client sends batches synchronously");
        require((long) batch * size <= MAX_BODY, "--batch × --size must stay within " + MAX_BODY + " bytes, got "
            + (long) batch * size);
        require(inflight >= 1, "--inflight must be at least 1, got " + inflight);
        require(rate >= 0, "--rate must not be negative, got " + rate);
        require(warmupSeconds >= 0, "--warmup must not be negative");
        require(durationSeconds > 0, "--duration must be positive");
        require(intervalSeconds > 0, "--interval must be positive");
        require(drainSeconds > 0, "--drain must be positive");
        require(consumeThreads >= 1 && consumeThreads <= 1000, "--consume-threads must be between 1 and 1000, got "
            + consumeThreads);
        require(sendTimeoutMillis >= 1, "--send-timeout must be at least 1 ms");
        require(ticksPerSecond >= 1, "--clk-tck must be positive");
        require(messages > 0 || (workload != Workload.FILL && workload != Workload.DRAIN),
            workload.name().toLowerCase(java.util.Locale.ROOT) + " needs --messages N");
        require(workload != Workload.DRAIN || !createTopic, "drain reads an existing backlog: no --create-topic");
    }

    static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    boolean sends() {
        return workload != Workload.DRAIN;
    }

    boolean consumes() {
        return workload == Workload.E2E || workload == Workload.DRAIN;
    }

    /** Nanoseconds between two sends (or batches) of one thread at the plan's rate; 0 when unlimited. */
    long periodNanos() {
        return rate == 0 ? 0 : Math.max(1, (long) (1e9 * threads * batch / rate));
    }
}
