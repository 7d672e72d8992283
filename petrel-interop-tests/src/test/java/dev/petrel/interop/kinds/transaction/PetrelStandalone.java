package dev.petrel.interop.kinds.transaction;

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
 * {@code petrel standalone} (NameServer and broker in one process) as a child JVM from petrel-server's build output,
 * for the transaction and request-reply interop tests.
 */
public final class PetrelStandalone implements AutoCloseable {

    private static final Duration BOOT = Duration.ofSeconds(180);

    private final ChildJvm jvm;
    private final String namesrvAddr;

    private PetrelStandalone(ChildJvm jvm, String namesrvAddr) {
        this.jvm = jvm;
        this.namesrvAddr = namesrvAddr;
    }

    /** Starts it in {@code dir} with these broker.conf properties added. */
    public static PetrelStandalone start(Path dir, Map<String, String> extra) {
        String namesrv = "127.0.0.1:" + FreePorts.next();
        Map<String, String> props = new LinkedHashMap<>();
        props.put("namesrvAddr", namesrv);
        props.put("listenPort", Integer.toString(FreePorts.next()));
        props.put("bindAddress", "127.0.0.1");
        props.put("brokerIP1", "127.0.0.1");
        props.put("storePathRootDir", dir.resolve("store").toString());
        props.put("kvConfigPath", dir.resolve("kvConfig.json").toString());
        props.put("configStorePath", dir.resolve("namesrv.properties").toString());
        props.put("mappedFileSizeCommitLog", Integer.toString(64 * 1024 * 1024));
        props.putAll(extra);
        StringBuilder text = new StringBuilder();
        props.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        Path conf = dir.resolve("standalone.conf");
        try {
            Files.createDirectories(dir);
            Files.writeString(conf, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChildJvm jvm = ChildJvm.start("petrel-standalone", classPath(), List.of("-Xmx256m", "-XX:+UseSerialGC",
                "-Dpetrel.log.dir=" + dir.resolve("logs")), "dev.petrel.server.PetrelMain",
            List.of("standalone", "-c", conf.toString()), Map.of(), dir.resolve("standalone.out"));
        jvm.awaitLine(BOOT, "Petrel standalone to be ready", line -> line.contains("ready in"));
        return new PetrelStandalone(jvm, namesrv);
    }

    public String namesrvAddr() {
        return namesrvAddr;
    }

    @Override
    public void close() {
        if (jvm.isAlive()) {
            jvm.terminate(Duration.ofSeconds(20));
        }
    }

    private static String classPath() {
        Path target = Path.of(System.getProperty("petrel.server.dir", "../petrel-server/target"));
        List<String> entries = new ArrayList<>();
        try (Stream<Path> jars = Files.list(target)) {
            jars.filter(p -> p.getFileName().toString().matches("petrel-server-.*\\.jar")
                    && !p.getFileName().toString().contains("sources") && !p.getFileName().toString().contains("tests"))
                .forEach(p -> entries.add(p.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("no petrel-server build output at " + target.toAbsolutePath(), e);
        }
        entries.add(target.resolve("lib") + File.separator + "*");
        return String.join(File.pathSeparator, entries);
    }
}
