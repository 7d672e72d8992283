package dev.petrel.compat.namesrv;

import dev.petrel.testkit.Await;
import dev.petrel.testkit.ChildJvm;
import dev.petrel.testkit.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Apache RocketMQ 5.3.1's broker ({@code org.apache.rocketmq.broker.BrokerStartup}) as a child process, started from
 * this module's test class path, with its store, logs ({@code user.home}) and ROCKETMQ_HOME in one directory. It
 * listens on 127.0.0.1 at a free port whose neighbours are free too (it also binds port-2 and port+1), uses small
 * CommitLog files, and registers with the given NameServer every 10 s (its shortest period); {@link #start} returns
 * after its first registration.
 */
public final class ApacheBrokerProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final ChildJvm jvm;
    private final String clusterName;
    private final String brokerName;
    private final String brokerAddr;

    private ApacheBrokerProcess(ChildJvm jvm, String clusterName, String brokerName, String brokerAddr) {
        this.jvm = jvm;
        this.clusterName = clusterName;
        this.brokerName = brokerName;
        this.brokerAddr = brokerAddr;
    }

    /**
     * Starts a broker (a master unless {@code extra} says otherwise) and waits for "boot success" (by then its first registration is done).
     *
     * @param extra broker.conf properties added to (or replacing) the defaults; {@code listenPort}, if given, must come
     *              from {@link FreePorts#nextWithNeighbours()}
     */
    public static ApacheBrokerProcess start(Path dir, String namesrvAddr, String clusterName, String brokerName,
                                            Map<String, String> extra) {
        return start(dir, namesrvAddr, clusterName, brokerName, extra, true);
    }

    /**
     * Starts a broker that knows no NameServer, for tests that call it at its address (ACL tables): returns at
     * "boot success", without the 10 s wait for a first registration.
     */
    public static ApacheBrokerProcess startWithoutNameServer(Path dir, String clusterName, String brokerName,
                                                             Map<String, String> extra) {
        return start(dir, null, clusterName, brokerName, extra, false);
    }

    private static ApacheBrokerProcess start(Path dir, String namesrvAddr, String clusterName, String brokerName,
                                             Map<String, String> extra, boolean awaitRegistration) {
        // A caller may choose the port (from FreePorts.nextWithNeighbours()), to know the HA port listenPort + 1 before
        // the start, as a slave's haMasterAddress.
        int port = extra.containsKey("listenPort") ? Integer.parseInt(extra.get("listenPort"))
            : FreePorts.nextWithNeighbours();
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("brokerClusterName", clusterName);
        conf.put("brokerName", brokerName);
        conf.put("brokerId", "0");
        conf.put("brokerRole", "ASYNC_MASTER");
        if (namesrvAddr != null) {
            conf.put("namesrvAddr", namesrvAddr);
        }
        conf.put("listenPort", String.valueOf(port));
        conf.put("brokerIP1", "127.0.0.1");
        conf.put("rocketmqHome", dir.toString());
        conf.put("storePathRootDir", dir.resolve("store").toString());
        conf.put("storePathCommitLog", dir.resolve("store/commitlog").toString());
        conf.put("mappedFileSizeCommitLog", String.valueOf(16 * 1024 * 1024));
        conf.put("mappedFileSizeConsumeQueue", String.valueOf(30_000 * 20));
        conf.put("timerWheelEnable", "false");
        conf.put("autoCreateTopicEnable", "true");
        conf.put("registerNameServerPeriod", "10000");
        conf.put("flushDiskType", "ASYNC_FLUSH");
        // Test brokers queue a send for up to 30 s before refusing it as busy (the default 200 ms is a production
        // shedding threshold; on a loaded 2-core test machine it refused sends of tests that are not about it).
        conf.put("waitTimeMillsInSendQueue", "30000");
        conf.putAll(extra);
        Path confFile = dir.resolve("broker.conf");
        StringBuilder text = new StringBuilder();
        conf.forEach((k, v) -> text.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        try {
            Files.createDirectories(dir);
            Files.writeString(confFile, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> jvmArgs = List.of("-Xms256m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:MaxDirectMemorySize=256m",
            "-Duser.home=" + dir, "-Drocketmq.home.dir=" + dir);
        ChildJvm jvm = ChildJvm.start("apache-broker", System.getProperty("java.class.path"), jvmArgs,
            "org.apache.rocketmq.broker.BrokerStartup", List.of("-c", confFile.toString()),
            Map.of("ROCKETMQ_HOME", dir.toString()), dir.resolve("broker.out"));
        try {
            jvm.awaitLine(START_TIMEOUT, "the Apache broker's boot line", line -> line.contains("boot success"));
            if (!awaitRegistration) {
                return new ApacheBrokerProcess(jvm, clusterName, brokerName, "127.0.0.1:" + port);
            }
            // The 5.3.1 broker registers only with NameServers its background scan found reachable, which it has not
            // done yet at boot: its first registration is the periodic one, 10 s after the start. Wait for it.
            Path log = dir.resolve("logs/rocketmqlogs/broker.log");
            Await.until(START_TIMEOUT, "the Apache broker's first registration (" + log + ")",
                () -> contains(log, "Registering current broker to name server completed"));
        } catch (AssertionError e) {
            jvm.kill9();
            throw e;
        }
        return new ApacheBrokerProcess(jvm, clusterName, brokerName, "127.0.0.1:" + port);
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    public String clusterName() {
        return clusterName;
    }

    public String brokerName() {
        return brokerName;
    }

    /** {@code 127.0.0.1:port} as the broker registers it. */
    public String brokerAddr() {
        return brokerAddr;
    }

    public ChildJvm jvm() {
        return jvm;
    }

    /** SIGKILL: no unregistration, the NameServer sees the connection drop (or the broker fall silent). */
    public void kill9() {
        jvm.kill9();
    }

    @Override
    public void close() {
        if (jvm.isAlive()) {
            jvm.kill9();
        }
    }
}
