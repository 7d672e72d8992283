package dev.petrel.compat.ha;

import dev.petrel.compat.broker.PetrelBroker;
import dev.petrel.compat.namesrv.ApacheBrokerProcess;
import dev.petrel.testkit.FreePorts;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * broker.conf properties of classic master/slave pairs, the same keys for Apache's broker and Petrel's (ha.md §1.13),
 * and the processes that run them. Both sides use 16 MiB CommitLog files: master and slave must agree on
 * {@code mappedFileSizeCommitLog} (ha.md §1.6(2)), and small files keep a test's disk and start-up cheap.
 */
final class HaBrokers {

    static final String CLUSTER = "HaCluster";
    static final int COMMIT_LOG_FILE_SIZE = 16 * 1024 * 1024;

    private HaBrokers() {
    }

    /** A master (brokerId 0) of {@code brokerName}; {@code role} ASYNC_MASTER or SYNC_MASTER. */
    static Map<String, String> master(String brokerName, String role) {
        Map<String, String> c = common(brokerName);
        c.put("brokerId", "0");
        c.put("brokerRole", role);
        return c;
    }

    /**
     * Slave 1 of {@code brokerName}, replicating from the master's HA address {@code haMasterAddress}, or, when it is
     * null, from the address the NameServer announces in its REGISTER_BROKER responses (the master's haServerAddr).
     * An Apache 5.3.1 slave must be given null: it drops a configured haMasterAddress (it hands it to its HA client
     * before the store has created that client, and then no longer listens to the NameServer; apache/rocketmq#6153)
     * and never connects.
     */
    static Map<String, String> slave(String brokerName, String haMasterAddress) {
        Map<String, String> c = common(brokerName);
        c.put("brokerId", "1");
        c.put("brokerRole", "SLAVE");
        if (haMasterAddress != null) {
            c.put("haMasterAddress", haMasterAddress);
        }
        return c;
    }

    private static Map<String, String> common(String brokerName) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("brokerClusterName", CLUSTER);
        c.put("brokerName", brokerName);
        // The HA address a master registers is brokerIP2:haListenPort; both default to a LAN address.
        c.put("brokerIP2", "127.0.0.1");
        c.put("mappedFileSizeCommitLog", String.valueOf(COMMIT_LOG_FILE_SIZE));
        return c;
    }

    /** With {@code key=value} added. */
    static Map<String, String> with(Map<String, String> conf, String key, String value) {
        Map<String, String> c = new LinkedHashMap<>(conf);
        c.put(key, value);
        return c;
    }

    /**
     * Apache 5.3.1's broker on {@code listenPort} (from {@link #freeBrokerPort()}); its HA port is listenPort + 1
     * (BrokerStartup's default), its store {@code <dir>/store}.
     */
    static ApacheHa apache(Path dir, String namesrvAddr, Map<String, String> conf, int listenPort) {
        Map<String, String> c = with(conf, "listenPort", String.valueOf(listenPort));
        return new ApacheHa(ApacheBrokerProcess.start(dir, namesrvAddr, c.get("brokerClusterName"),
            c.get("brokerName"), c), dir);
    }

    /** A broker port whose neighbours are free too (RocketMQ binds listenPort - 2 and listenPort + 1). */
    static int freeBrokerPort() {
        return FreePorts.nextWithNeighbours();
    }

    /** The HA address of a broker on {@code listenPort} without haListenPort: listenPort + 1. */
    static String defaultHaAddress(int listenPort) {
        return "127.0.0.1:" + (listenPort + 1);
    }

    /** An Apache broker process and where it keeps its store. */
    record ApacheHa(ApacheBrokerProcess process, Path dir) implements AutoCloseable {
        String address() {
            return process.brokerAddr();
        }

        Path commitLogDir() {
            return dir.resolve("store/commitlog");
        }

        void kill9() {
            process.kill9();
        }

        @Override
        public void close() {
            process.close();
        }
    }

    /**
     * Petrel's broker with an explicit {@code haListenPort} (returned in {@link PetrelHa}), so a slave's
     * {@code haMasterAddress} can be written before the master starts.
     */
    static PetrelHa petrel(Path dir, String namesrvAddr, Map<String, String> conf, int haPort) {
        Map<String, String> c = with(conf, "haListenPort", String.valueOf(haPort));
        return new PetrelHa(PetrelBroker.start(dir, namesrvAddr, c), haPort);
    }

    static int freeHaPort() {
        return FreePorts.next();
    }

    /** A Petrel broker process and its HA port. */
    record PetrelHa(PetrelBroker broker, int haPort) implements AutoCloseable {
        String address() {
            return broker.address();
        }

        String haAddress() {
            return "127.0.0.1:" + haPort;
        }

        Path commitLogDir() {
            return broker.storeDir().resolve("commitlog");
        }

        @Override
        public void close() {
            broker.close();
        }
    }

    /** Starts two things at once (broker start-up is mostly waiting; in parallel a test waits once). */
    static <A, B> Pair<A, B> both(Supplier<A> a, Supplier<B> b) {
        CompletableFuture<A> fa = CompletableFuture.supplyAsync(a);
        CompletableFuture<B> fb = CompletableFuture.supplyAsync(b);
        try {
            return new Pair<>(fa.join(), fb.join());
        } catch (RuntimeException e) {
            // Whichever started must not outlive the test.
            fa.thenAccept(HaBrokers::closeQuietly);
            fb.thenAccept(HaBrokers::closeQuietly);
            throw e;
        }
    }

    record Pair<A, B>(A first, B second) {
    }

    static void closeQuietly(Object o) {
        if (o instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception ignored) {
                // best effort at teardown; the process's own exit is what matters
            }
        }
    }
}
