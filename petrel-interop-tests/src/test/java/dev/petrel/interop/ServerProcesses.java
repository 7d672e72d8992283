package dev.petrel.interop;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.ChildJvm;
import dev.petrel.testkit.FreePorts;
import java.io.File;
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
import java.util.stream.Stream;

/**
 * Starts the servers of the interop matrix as real processes: Petrel's NameServer and broker from petrel-server's
 * build output ({@code -Dpetrel.server.dir}), Apache RocketMQ 5.3.1's broker from the class path petrel-apache-runtime
 * writes ({@code -Dapache.classpath.file}, by petrel-apache-runtime). Each waits for its ready line.
 */
public final class ServerProcesses {

    public static final Duration BOOT = Duration.ofSeconds(180);
    private static final String PETREL_MAIN = "dev.petrel.server.PetrelMain";
    private static final String APACHE_BROKER_MAIN = "org.apache.rocketmq.broker.BrokerStartup";

    private ServerProcesses() {
    }

    /** A started server: its process and the address clients use. */
    public record Server(ChildJvm process, String address, int port) implements AutoCloseable {
        @Override
        public void close() {
            if (process.isAlive()) {
                process.kill9();
            }
        }
    }

    public static Server petrelNameServer(Path dir) {
        int port = FreePorts.next();
        Path conf = write(dir.resolve("namesrv.properties"), Map.of("listenPort", Integer.toString(port)));
        ChildJvm jvm = ChildJvm.start("petrel-namesrv", petrelClassPath(),
            List.of("-Xmx128m", "-Duser.home=" + dir, "-Dpetrel.log.dir=" + dir.resolve("logs")),
            PETREL_MAIN, List.of("namesrv", "-c", conf.toString()), Map.of(), dir.resolve("namesrv.log"));
        jvm.awaitLine(BOOT, "the Petrel NameServer to be ready", line -> line.contains("ready in"));
        return new Server(jvm, "127.0.0.1:" + port, port);
    }

    public static Server petrelBroker(Path dir, String brokerName, String namesrv, Map<String, String> extra) {
        int port = FreePorts.nextWithNeighbours();
        Map<String, String> props = brokerProperties(dir, brokerName, port, namesrv);
        props.putAll(extra);
        Path conf = write(dir.resolve(brokerName + ".properties"), props);
        ChildJvm jvm = ChildJvm.start("petrel-" + brokerName, petrelClassPath(),
            List.of("-Xmx256m", "-Duser.home=" + dir, "-Dpetrel.log.dir=" + dir.resolve("logs")),
            PETREL_MAIN, List.of("broker", "-c", conf.toString(), "-n", namesrv), Map.of(), dir.resolve(brokerName + ".log"));
        jvm.awaitLine(BOOT, "the Petrel broker " + brokerName + " to be ready", line -> line.contains("ready in"));
        return new Server(jvm, props.get("brokerIP1") + ":" + port, port);
    }

    /**
     * Kills {@code old} (SIGKILL) and starts the Petrel broker {@code brokerName} again on the configuration
     * {@link #petrelBroker} wrote: same store, same port.
     */
    public static Server restartPetrelBroker(Path dir, String brokerName, String namesrv, Server old) {
        old.process().kill9();
        Path conf = dir.resolve(brokerName + ".properties");
        ChildJvm jvm = ChildJvm.start("petrel-" + brokerName, petrelClassPath(),
            List.of("-Xmx256m", "-Duser.home=" + dir, "-Dpetrel.log.dir=" + dir.resolve("logs")),
            PETREL_MAIN, List.of("broker", "-c", conf.toString(), "-n", namesrv), Map.of(),
            dir.resolve(brokerName + "-restarted.log"));
        jvm.awaitLine(BOOT, "the Petrel broker " + brokerName + " to be ready again", line -> line.contains("ready in"));
        return new Server(jvm, old.address(), old.port());
    }

    /**
     * An Apache 5.3.1 broker. {@code extra} may set {@code brokerIP1} (the address it registers) and {@code
     * bindAddress} (where it listens) apart, so a test proxy can stand at the registered address.
     */
    public static Server apacheBroker(Path dir, String brokerName, String namesrv, Map<String, String> extra) {
        int port = FreePorts.nextWithNeighbours();
        Map<String, String> props = brokerProperties(dir, brokerName, port, namesrv);
        props.putAll(extra);
        Path conf = write(dir.resolve(brokerName + ".conf"), props);
        Path home = dir.resolve("apache-home");
        ChildJvm jvm = ChildJvm.start("apache-" + brokerName, apacheClassPath(),
            List.of("-Xms256m", "-Xmx256m", "-XX:MaxDirectMemorySize=256m", "-Duser.home=" + home,
                "-Drocketmq.home.dir=" + home), APACHE_BROKER_MAIN, List.of("-c", conf.toString()), Map.of(),
            dir.resolve(brokerName + ".log"));
        jvm.awaitLine(BOOT, "the Apache broker " + brokerName + " to boot", line -> line.contains("boot success"));
        return new Server(jvm, props.get("brokerIP1") + ":" + port, port);
    }

    /**
     * A directory for one test class's servers under {@code target/servers}: logs stay for a look after a failure,
     * the stores go at the end ({@link #deleteStores}).
     */
    public static Path serverDir(String prefix) throws IOException {
        Path base = Path.of("target", "servers");
        Files.createDirectories(base);
        return Files.createTempDirectory(base, prefix).toAbsolutePath();
    }

    /** Kills the servers that were started (null: never started), then removes the stores under {@code dir}. */
    public static void stopAll(Path dir, Server... servers) {
        for (Server server : servers) {
            if (server != null) {
                server.close();
            }
        }
        deleteStores(dir);
    }

    /** Removes the broker stores under {@code dir} once its processes are gone. */
    public static void deleteStores(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> stores = Files.list(dir)) {
            for (Path store : stores.filter(p -> p.getFileName().toString().endsWith("-store")).toList()) {
                try (Stream<Path> paths = Files.walk(store)) {
                    paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean up " + dir, e);
        }
    }

    /** Waits until the NameServer lists these brokers (a broker says it booted before its first registration). */
    public static void awaitRegistered(String namesrv, String... brokerNames) {
        try (PetrelAdmin admin = PatientClients.admin(namesrv).instanceName("registration-check").build()) {
            Await.until(BOOT, "brokers " + List.of(brokerNames) + " registered with " + namesrv,
                () -> admin.clusterInfo().brokerAddrTable().keySet().containsAll(List.of(brokerNames)));
        }
    }

    private static Map<String, String> brokerProperties(Path dir, String brokerName, int port, String namesrv) {
        Path store = dir.resolve(brokerName + "-store");
        Map<String, String> p = new LinkedHashMap<>();
        p.put("brokerClusterName", "DefaultCluster");
        p.put("brokerName", brokerName);
        p.put("brokerId", "0");
        p.put("listenPort", Integer.toString(port));
        p.put("namesrvAddr", namesrv);
        p.put("brokerIP1", "127.0.0.1");
        p.put("storePathRootDir", store.toString());
        p.put("storePathCommitLog", store.resolve("commitlog").toString());
        p.put("flushDiskType", "ASYNC_FLUSH");
        p.put("mappedFileSizeCommitLog", Integer.toString(64 * 1024 * 1024));
        p.put("autoCreateTopicEnable", "true");
        p.put("autoCreateSubscriptionGroup", "true");
        // Test brokers (Petrel's and Apache's) queue a send for up to 30 s before refusing it as busy (the default 200 ms is a production
        // shedding threshold; on a loaded 2-core test machine it refused sends of tests that are not about it).
        p.put("waitTimeMillsInSendQueue", "30000");
        return p;
    }

    private static Path write(Path file, Map<String, String> properties) {
        StringBuilder text = new StringBuilder();
        properties.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String petrelClassPath() {
        Path target = Path.of(System.getProperty("petrel.server.dir", "../petrel-server/target"));
        List<String> entries = new ArrayList<>();
        try (Stream<Path> jars = Files.list(target)) {
            jars.filter(p -> p.getFileName().toString().matches("petrel-server-.*\\.jar")
                    && !p.getFileName().toString().contains("sources") && !p.getFileName().toString().contains("tests"))
                .forEach(p -> entries.add(p.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("no petrel-server build output at " + target.toAbsolutePath()
                + "; build with: mvn -pl petrel-interop-tests -am verify", e);
        }
        if (entries.isEmpty() || !Files.isDirectory(target.resolve("lib"))) {
            throw new IllegalStateException("petrel-server is not packaged at " + target.toAbsolutePath()
                + " (jar and lib/ missing); build with: mvn -pl petrel-interop-tests -am verify");
        }
        entries.add(target.resolve("lib").toString() + File.separator + "*");
        return String.join(File.pathSeparator, entries);
    }

    static String apacheClassPath() {
        Path file = Path.of(System.getProperty("apache.classpath.file",
            "../petrel-apache-runtime/target/apache-classpath.txt"));
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new UncheckedIOException("no Apache class path at " + file.toAbsolutePath() + "; petrel-apache-runtime "
                + "writes it during its build (mvn -pl petrel-interop-tests -am verify)", e);
        }
    }
}
