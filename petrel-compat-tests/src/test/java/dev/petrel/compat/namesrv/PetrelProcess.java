package dev.petrel.compat.namesrv;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Petrel's server as a child process, the way interop tests meet it: {@code java -cp petrel-server.jar:lib/*
 * dev.petrel.server.PetrelMain <command> -c <conf>} from petrel-server's build output (system property
 * {@code petrel.server.dir}), so Petrel's Netty never shares this module's class path. The NameServer binds
 * 127.0.0.1 on a free port; files and logs go to the given directory.
 *
 * <pre>
 *   try (PetrelProcess namesrv = PetrelProcess.namesrv(dir).property("orderMessageEnable", "true").start()) {
 *       admin.setNamesrvAddr(namesrv.namesrvAddr());
 *   }
 * </pre>
 */
public final class PetrelProcess implements AutoCloseable {

    /** The launcher's ready line: {@code Petrel namesrv ready in 412 ms: NameServer on 127.0.0.1:9876, ...}. */
    public static final Pattern READY = Pattern.compile("Petrel (\\w+) ready in (\\d+) ms: (.*) \\(pid");
    private static final Pattern NAMESRV = Pattern.compile("NameServer on [^:,]+:(\\d+)");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final ChildJvm jvm;
    private final Path dir;
    private final String readyLine;
    private final int namesrvPort;

    private PetrelProcess(ChildJvm jvm, Path dir, String readyLine) {
        this.jvm = jvm;
        this.dir = dir;
        this.readyLine = readyLine;
        Matcher m = NAMESRV.matcher(readyLine);
        this.namesrvPort = m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** {@code petrel namesrv} with a free port. */
    public static Builder namesrv(Path dir) {
        return new Builder("namesrv", dir).property("listenPort", String.valueOf(FreePorts.next()));
    }

    /**
     * {@code petrel standalone} with the NameServer on a free port (via namesrvAddr) and the broker on another, its
     * store in {@code <dir>/store}.
     */
    public static Builder standalone(Path dir) {
        return new Builder("standalone", dir).property("namesrvAddr", "127.0.0.1:" + FreePorts.next())
            .property("listenPort", String.valueOf(FreePorts.next())).property("brokerIP1", "127.0.0.1")
            .property("storePathRootDir", dir.resolve("store").toString())
            .property("waitTimeMillsInSendQueue", "30000"); // patient under load, as PetrelBroker
    }

    /** petrel-server's build output: the jar and its lib folder. */
    public static Path serverDir() {
        String dir = System.getProperty("petrel.server.dir");
        if (dir == null) {
            throw new IllegalStateException("system property petrel.server.dir is not set (the POM sets it to "
                + "petrel-server/target)");
        }
        return Path.of(dir).toAbsolutePath().normalize();
    }

    /** The class path of Petrel's server: its jar and every jar in lib/. */
    public static String serverClassPath() {
        Path server = serverDir();
        try (var files = Files.list(server)) {
            Path jar = files.filter(p -> p.getFileName().toString().matches("petrel-server-.*\\.jar"))
                .findFirst().orElseThrow(() -> new IllegalStateException("no petrel-server jar in " + server
                    + "; build it first (mvn -pl petrel-server -am package)"));
            return jar + File.pathSeparator + server.resolve("lib") + File.separator + "*";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code host:port} of the NameServer. */
    public String namesrvAddr() {
        return "127.0.0.1:" + namesrvPort;
    }

    public int namesrvPort() {
        return namesrvPort;
    }

    public String readyLine() {
        return readyLine;
    }

    public ChildJvm jvm() {
        return jvm;
    }

    /** Where the process writes its log file ({@code <command>.log}). */
    public Path logDir() {
        return dir.resolve("logs");
    }

    public List<String> lines() {
        return jvm.lines();
    }

    /** SIGTERM (the process's output stays readable, unlike Process.destroy()), then its exit code. */
    public int sigterm(Duration timeout) {
        jvm.process().toHandle().destroy();
        if (!jvm.waitForExit(timeout)) {
            throw new AssertionError("Petrel did not exit within " + timeout + " of SIGTERM\n" + jvm.tail());
        }
        return jvm.process().exitValue();
    }

    public void kill9() {
        jvm.kill9();
    }

    @Override
    public void close() {
        if (jvm.isAlive()) {
            sigterm(Duration.ofSeconds(20));
        }
    }

    /** Configures and starts a {@link PetrelProcess}. */
    public static final class Builder {
        private final String command;
        private final Path dir;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private final List<String> jvmArgs = new ArrayList<>(List.of("-Xmx256m", "-XX:+UseSerialGC"));

        private Builder(String command, Path dir) {
            this.command = command;
            this.dir = dir;
            properties.put("bindAddress", "127.0.0.1");
            properties.put("kvConfigPath", dir.resolve("kvConfig.json").toString());
            properties.put("configStorePath", dir.resolve("namesrv.properties").toString());
        }

        public Builder property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        public Builder jvmArg(String arg) {
            jvmArgs.add(arg);
            return this;
        }

        /** Writes the properties to {@code <dir>/<command>.conf}, starts the process, waits for its ready line. */
        public PetrelProcess start() {
            Path conf = dir.resolve(command + ".conf");
            StringBuilder text = new StringBuilder();
            properties.forEach((k, v) -> text.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
            try {
                Files.createDirectories(dir);
                Files.writeString(conf, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> args = new ArrayList<>(jvmArgs);
            args.add("-Dpetrel.log.dir=" + dir.resolve("logs"));
            ChildJvm jvm = ChildJvm.start("petrel-" + command, serverClassPath(), args, "dev.petrel.server.PetrelMain",
                List.of(command, "-c", conf.toString()), Map.of(), dir.resolve(command + ".out"));
            try {
                String ready = jvm.awaitLine(START_TIMEOUT, "Petrel's ready line", line -> READY.matcher(line).find());
                return new PetrelProcess(jvm, dir, ready);
            } catch (AssertionError e) {
                jvm.kill9();
                throw e;
            }
        }
    }
}
