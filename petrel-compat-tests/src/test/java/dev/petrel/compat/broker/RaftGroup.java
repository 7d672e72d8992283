package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fixture of the Raft fault loops (issue #11): a Petrel NameServer and three Petrel broker processes forming one
 * DLedger-mode group, configured from {@code conf/examples/raft-3/n*.properties} with only ports and directories
 * changed, plus the official admin client, and the checks both loops end with: every acknowledged message consumed,
 * CommitLogs byte-identical up to the lowest commit point.
 *
 * <p>How node {@code i} reaches node {@code j}'s Raft port is the caller's {@link Links}: directly, or through a
 * {@link FaultProxy} the test can cut.
 */
final class RaftGroup implements AutoCloseable {

    static final String BROKER_NAME = "RaftNode00";
    private static final Duration WAIT = Duration.ofSeconds(60);

    /** The address node {@code from} uses for node {@code to}'s Raft port ({@code targetPort}). */
    @FunctionalInterface
    interface Links {
        String address(int from, int to, int targetPort);

        Links DIRECT = (from, to, targetPort) -> "127.0.0.1:" + targetPort;
    }

    private final PetrelProcess namesrv;
    private final List<PetrelBroker> nodes = new ArrayList<>();
    private final DefaultMQAdminExt admin;

    private RaftGroup(PetrelProcess namesrv, DefaultMQAdminExt admin) {
        this.namesrv = namesrv;
        this.admin = admin;
    }

    /** Starts the NameServer and the three brokers under {@code dir}; each node's peers are reached through {@code links}. */
    static RaftGroup start(Path dir, Links links) throws Exception {
        int[] raftPorts = {FreePorts.next(), FreePorts.next(), FreePorts.next()};
        PetrelProcess namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start();
        RaftGroup group = null;
        try {
            group = new RaftGroup(namesrv, Clients.admin(namesrv.namesrvAddr()));
            // Every link first (a proxy may fail to start), so a failure there leaves no broker process behind.
            String[] peerLists = new String[3];
            for (int i = 0; i < 3; i++) {
                StringJoiner peers = new StringJoiner(";");
                for (int j = 0; j < 3; j++) {
                    peers.add("n" + j + "-" + (i == j ? "127.0.0.1:" + raftPorts[j] : links.address(i, j, raftPorts[j])));
                }
                peerLists[i] = peers.toString();
            }
            List<CompletableFuture<PetrelBroker>> starting = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Map<String, String> props = example(i);
                props.put("dLegerPeers", peerLists[i]);
                props.put("mappedFileSizeCommitLog", Integer.toString(1 << 20)); // file rolls are replicated too
                props.put("sendMessageThreadPoolNums", "2");
                Path nodeDir = dir.resolve("n" + i);
                // Side by side: a start is mostly the child JVM warming up, and the group elects once two are up.
                starting.add(CompletableFuture.supplyAsync(() -> PetrelBroker.start(nodeDir, namesrv.namesrvAddr(),
                    props), r -> new Thread(r, "raft-group-start-n" + nodeDir.getFileName()).start()));
            }
            Throwable failed = null;
            for (CompletableFuture<PetrelBroker> f : starting) {
                try {
                    group.nodes.add(f.join()); // in node order: nodes().get(i) is n{i}
                } catch (CompletionException e) {
                    failed = failed == null ? e.getCause() : failed;
                }
            }
            if (failed instanceof Exception x) {
                throw x;
            } else if (failed instanceof Error x) {
                throw x;
            }
            return group;
        } catch (Exception | Error e) {
            if (group != null) {
                group.close();
            } else {
                namesrv.close();
            }
            throw e;
        }
    }

    String namesrvAddr() {
        return namesrv.namesrvAddr();
    }

    List<PetrelBroker> nodes() {
        return nodes;
    }

    DefaultMQAdminExt admin() {
        return admin;
    }

    /** Creates the topic on every member (topic metadata is not replicated in DLedger mode). */
    void createTopic(String topic, int queues) throws Exception {
        for (PetrelBroker n : nodes) {
            admin.createAndUpdateTopicConfig(n.address(), new TopicConfig(topic, queues, queues, 6));
        }
    }

    /** The node the NameServer has as brokerId 0, once its runtime info says it leads. */
    PetrelBroker awaitLeader() {
        return awaitLeaderOtherThan(null);
    }

    /** As {@link #awaitLeader}, but never {@code old} (an isolated leader may still say LEADER for a while). */
    PetrelBroker awaitLeaderOtherThan(PetrelBroker old) {
        return Await.value(WAIT, "a leader registered as brokerId 0" + (old == null ? "" : " other than "
            + old.address()), () -> {
            BrokerData d = admin.examineBrokerClusterInfo().getBrokerAddrTable().get(BROKER_NAME);
            String master = d == null ? null : d.getBrokerAddrs().get(0L);
            for (PetrelBroker n : nodes) {
                if (n != old && n.address().equals(master) && n.jvm().isAlive()
                    && "LEADER".equals(runtime(n).get("petrelRaftRole"))) {
                    return n;
                }
            }
            return null;
        }, n -> n != null);
    }

    /** Both followers follow the leader's term and know its commit point as of now (so losing it keeps a quorum). */
    void awaitFollowersCaughtUp(PetrelBroker leader) {
        Map<String, String> l = runtime(leader);
        long target = Long.parseLong(l.get("petrelRaftCommittedOffset"));
        String term = l.get("petrelRaftTerm");
        Await.until(WAIT, "followers at term " + term + " and commit offset " + target, () -> nodes.stream()
            .filter(n -> n != leader).allMatch(n -> {
                Map<String, String> f = runtime(n);
                return term.equals(f.get("petrelRaftTerm")) && "FOLLOWER".equals(f.get("petrelRaftRole"))
                    && Long.parseLong(f.get("petrelRaftCommittedOffset")) >= target;
            }));
    }

    /** GET_BROKER_RUNTIME_INFO of a node, or an empty map while it cannot answer. */
    Map<String, String> runtime(PetrelBroker n) {
        try {
            return admin.fetchBrokerRuntimeStats(n.address()).getTable();
        } catch (Exception e) {
            return Map.of();
        }
    }

    long committedOffset(PetrelBroker n) {
        return Long.parseLong(runtime(n).get("petrelRaftCommittedOffset"));
    }

    /**
     * The three CommitLogs are byte-identical up to the lowest commit point of the three (call it with the group
     * caught up); returns that point.
     */
    long assertCommitLogsIdentical() throws IOException {
        long common = nodes.stream().mapToLong(this::committedOffset).min().orElseThrow();
        assertThat(common).isPositive();
        byte[] first = commitLog(nodes.get(0), common);
        for (PetrelBroker n : nodes) {
            assertThat(Arrays.equals(commitLog(n, common), first)).as("CommitLog of " + n.address() + " up to " + common)
                .isTrue();
        }
        return common;
    }

    /** The first {@code length} bytes of a node's CommitLog files, read from disk while it runs. */
    private static byte[] commitLog(PetrelBroker n, long length) throws IOException {
        byte[] out = new byte[Math.toIntExact(length)];
        int at = 0;
        List<Path> files;
        try (var s = Files.list(n.storeDir().resolve("commitlog"))) {
            files = s.sorted().toList();
        }
        for (Path f : files) {
            if (at >= out.length) {
                break;
            }
            byte[] b = Files.readAllBytes(f);
            int k = Math.min(b.length, out.length - at);
            System.arraycopy(b, 0, out, at, k);
            at += k;
        }
        assertThat(at).as("CommitLog bytes of " + n.address()).isEqualTo(out.length);
        return out;
    }

    /** Every acknowledged body is consumed from the first offset (the official lite-pull consumer, from the leader). */
    void assertConsumedAll(String topic, String consumerGroup, Set<String> acked) throws Exception {
        DefaultLitePullConsumer c = Clients.litePull(namesrvAddr(), consumerGroup);
        c.setAutoCommit(false);
        c.start();
        try {
            Collection<MessageQueue> queues = c.fetchMessageQueues(topic);
            c.assign(queues);
            for (MessageQueue q : queues) {
                c.seekToBegin(q);
            }
            Set<String> seen = new HashSet<>();
            Await.until(WAIT, "every acknowledged message consumed", () -> {
                for (MessageExt m : c.poll(500)) {
                    seen.add(new String(m.getBody(), StandardCharsets.UTF_8));
                }
                return seen.containsAll(acked);
            });
        } finally {
            c.shutdown();
        }
    }

    /** "median M ms, max X ms" of fail-over times in ms. */
    static String medianAndMax(List<Long> millis) {
        List<Long> sorted = millis.stream().sorted().toList();
        return "median " + sorted.get(sorted.size() / 2) + " ms, max " + sorted.get(sorted.size() - 1) + " ms";
    }

    /** Stops the brokers and the NameServer, then copies the nodes' logs to target/{@code logDir}/n{i}/. */
    void closeKeepingLogs(String logDir) {
        close();
        Path target = Path.of(System.getProperty("user.dir"), "target", logDir);
        for (int i = 0; i < nodes.size(); i++) {
            Path from = nodes.get(i).storeDir().getParent();
            Path to = target.resolve("n" + i);
            try (var files = Files.walk(from)) {
                Files.createDirectories(to);
                for (Path f : files.filter(f -> f.toString().endsWith(".log") || f.toString().endsWith(".out")).toList()) {
                    Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                System.out.println("cannot keep the logs of n" + i + ": " + e);
            }
        }
    }

    @Override
    public void close() {
        admin.shutdown();
        for (PetrelBroker n : nodes) {
            try {
                n.close();
            } catch (AssertionError e) {
                System.out.println("closing " + n.address() + ": " + e.getMessage());
            }
        }
        namesrv.close();
    }

    /** conf/examples/raft-3/n{i}.properties without what the test picks itself (ports, directories, NameServer). */
    private static Map<String, String> example(int i) throws IOException {
        Path file = Path.of(System.getProperty("user.dir")).getParent().resolve("conf/examples/raft-3/n" + i + ".properties");
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) {
            out.put(k, p.getProperty(k).trim());
        }
        for (String picked : List.of("listenPort", "storePathRootDir", "namesrvAddr", "dLegerPeers")) {
            out.remove(picked);
        }
        assertThat(out).containsEntry("enableDLegerCommitLog", "true").containsEntry("dLegerSelfId", "n" + i)
            .containsEntry("brokerName", BROKER_NAME);
        return out;
    }
}
