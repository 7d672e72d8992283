package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.ChildJvm;
import dev.petrel.testkit.FreePorts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Petrel's broker as a child process: {@code java -cp petrel-server.jar:lib/* dev.petrel.server.PetrelMain broker -c
 * <dir>/broker.conf}, the way an operator runs {@code bin/petrel broker}. It listens on 127.0.0.1 at a fixed free
 * port, keeps its store in {@code <dir>/store}, and can be stopped gracefully, killed with SIGKILL and started again
 * on the same directory and port.
 */
public final class PetrelBroker implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final Path dir;
    private final Path conf;
    private final int port;
    private ChildJvm jvm;
    private int starts;

    private PetrelBroker(Path dir, Path conf, int port) {
        this.dir = dir;
        this.conf = conf;
        this.port = port;
    }

    /**
     * Writes {@code <dir>/broker.conf} and starts the broker, waiting for its ready line (by then it has registered
     * with the NameServer).
     *
     * @param extra broker.conf properties added to (or replacing) the defaults
     */
    public static PetrelBroker start(Path dir, String namesrvAddr, Map<String, String> extra) {
        // With its neighbours: listenPort + 1 is the default haListenPort, listenPort - 2 RocketMQ's VIP port.
        int port = FreePorts.nextWithNeighbours();
        Map<String, String> props = new LinkedHashMap<>();
        props.put("brokerClusterName", "DefaultCluster");
        props.put("brokerName", "broker-a");
        props.put("brokerId", "0");
        props.put("namesrvAddr", namesrvAddr);
        props.put("listenPort", String.valueOf(port));
        props.put("bindAddress", "127.0.0.1");
        props.put("brokerIP1", "127.0.0.1");
        props.put("storePathRootDir", dir.resolve("store").toString());
        props.put("mappedFileSizeCommitLog", String.valueOf(64 * 1024 * 1024));
        props.put("mappedFileSizeConsumeQueue", String.valueOf(30_000 * 20));
        props.put("pullMessageThreadPoolNums", "8");
        props.put("litePullMessageThreadPoolNums", "4");
        props.put("clientManageThreadPoolNums", "4");
        props.put("consumerManageThreadPoolNums", "4");
        props.put("adminBrokerThreadPoolNums", "4");
        // Test brokers queue a send for up to 30 s before refusing it as busy (the default 200 ms is a production
        // shedding threshold; on a loaded 2-core test machine it refused sends of tests that are not about it).
        props.put("waitTimeMillsInSendQueue", "30000");
        props.putAll(extra);
        StringBuilder text = new StringBuilder("# written by " + PetrelBroker.class.getSimpleName() + "\n");
        props.forEach((k, v) -> text.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        Path conf = dir.resolve("broker.conf");
        try {
            Files.createDirectories(dir);
            Files.writeString(conf, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        PetrelBroker broker = new PetrelBroker(dir, conf, port);
        broker.launch();
        return broker;
    }

    private void launch() {
        starts++;
        List<String> args = new ArrayList<>(List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:MaxDirectMemorySize=256m",
            "-Dpetrel.log.dir=" + dir.resolve("logs")));
        jvm = ChildJvm.start("petrel-broker", PetrelProcess.serverClassPath(), args, "dev.petrel.server.PetrelMain",
            List.of("broker", "-c", conf.toString()), Map.of(), dir.resolve("broker-" + starts + ".out"));
        try {
            jvm.awaitLine(START_TIMEOUT, "the broker's ready line", line -> PetrelProcess.READY.matcher(line).find());
        } catch (AssertionError e) {
            jvm.kill9();
            throw e;
        }
    }

    /** {@code 127.0.0.1:port}, as the broker registers itself. */
    public String address() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public Path storeDir() {
        return dir.resolve("store");
    }

    public long pid() {
        return jvm.pid();
    }

    public ChildJvm jvm() {
        return jvm;
    }

    /** SIGKILL: no flush, no unregistration, no offset persistence. */
    public void kill9() {
        jvm.kill9();
    }

    /** Starts the broker again on the same directory, port and configuration (after {@link #kill9} or a stop). */
    public void restart() {
        if (jvm.isAlive()) {
            stop();
        }
        launch();
    }

    /**
     * SIGTERM and wait for the graceful shutdown. Every wait in a broker's stop is bounded (seconds), so 60 s means
     * a hang, reported with the broker's thread stacks.
     */
    public void stop() {
        if (!jvm.stop(Duration.ofSeconds(60))) {
            String dump = jvm.threadDump();
            jvm.kill9();
            throw new AssertionError("the broker did not stop within 60 s of SIGTERM\n" + jvm.tail() + "\n--- its threads ---\n"
                + dump);
        }
    }

    @Override
    public void close() {
        if (jvm != null && jvm.isAlive()) {
            stop();
        }
    }
}
