package dev.petrel.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A Java process started by a test: a real JVM with its own class path, for kill -9 tests and for running
 * components (Apache's broker, Petrel's server) that must not share the test's class path. Standard output and
 * error are captured line by line into memory and into a log file, so a test can wait for a line and a failing test
 * can show what the child said. {@link #close()} ends only this process (and its descendants), by PID.
 */
public final class ChildJvm implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path logFile;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Thread pump;

    private ChildJvm(String name, Process process, Path logFile) {
        this.name = name;
        this.process = process;
        this.logFile = logFile;
        this.pump = new Thread(this::pumpOutput, "child-output-" + name);
        this.pump.setDaemon(true);
        this.pump.start();
    }

    /**
     * Starts {@code mainClass} in a new JVM (the same java binary as this one). Unless {@code jvmArgs} choose
     * otherwise, the child runs with the C1 compiler only ({@code -XX:TieredStopAtLevel=1}) and the serial collector:
     * a test's servers and clients live seconds to minutes and are never measured for speed, and on the suite's
     * loaded 2-core machine C2's compile threads and a parallel collector's threads take cores the tests need.
     */
    public static ChildJvm start(String name, String classPath, List<String> jvmArgs, String mainClass, List<String> args,
                                 Map<String, String> env, Path logFile) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(leanDefaults(jvmArgs));
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.addAll(args);
        return start(name, command, env, logFile);
    }

    /** The flags {@link #start(String, String, List, String, List, Map, Path)} adds where {@code jvmArgs} set none. */
    static List<String> leanDefaults(List<String> jvmArgs) {
        List<String> defaults = new ArrayList<>();
        if (jvmArgs.stream().noneMatch(a -> a.startsWith("-XX:TieredStopAtLevel") || a.contains("TieredCompilation"))) {
            defaults.add("-XX:TieredStopAtLevel=1");
        }
        if (jvmArgs.stream().noneMatch(a -> a.startsWith("-XX:+Use") && a.endsWith("GC"))) {
            defaults.add("-XX:+UseSerialGC");
        }
        return defaults;
    }

    /** Starts an arbitrary command (for example a shell script). */
    public static ChildJvm start(String name, List<String> command, Map<String, String> env, Path logFile) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        try {
            Files.createDirectories(logFile.toAbsolutePath().getParent());
            Files.writeString(logFile, "$ " + String.join(" ", command) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
            return new ChildJvm(name, builder.start(), logFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + command, e);
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Process process() {
        return process;
    }

    /** Every line the process has written so far. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    public Path logFile() {
        return logFile;
    }

    /** Waits for an output line matching {@code predicate}; fails with the output tail if the process dies first. */
    public String awaitLine(Duration timeout, String what, Predicate<String> predicate) {
        long deadline = System.nanoTime() + timeout.toNanos();
        int seen = 0;
        while (true) {
            List<String> snapshot = lines;
            for (int i = seen; i < snapshot.size(); i++) {
                if (predicate.test(snapshot.get(i))) {
                    return snapshot.get(i);
                }
            }
            seen = snapshot.size();
            if (!process.isAlive() && !pump.isAlive()) {
                throw new AssertionError(name + " exited with " + process.exitValue() + " before " + what + "\n" + tail());
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for " + what + " from "
                    + name + "\n" + tail());
            }
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    /** The last 60 output lines, for failure messages. */
    public String tail() {
        List<String> snapshot = lines();
        int from = Math.max(0, snapshot.size() - 60);
        return "--- last output of " + name + " (full log: " + logFile + ") ---\n"
            + String.join("\n", snapshot.subList(from, snapshot.size()));
    }

    /** SIGKILL: the process gets no chance to clean up (its page cache writes survive, unflushed user buffers do not). */
    public void kill9() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        waitForExit(Duration.ofSeconds(30));
    }

    /**
     * SIGTERM and wait: the process's shutdown hooks run. Returns the exit code. A child still alive at the timeout
     * has its threads dumped into its log ({@link #threadDump}) before the SIGKILL.
     */
    public int terminate(Duration timeout) {
        if (!stop(timeout)) {
            kill9();
        }
        return process.exitValue();
    }

    /**
     * SIGTERM and wait up to {@code timeout}; true if the process exited. If it did not, its threads are dumped into
     * its log and it is left running, for the caller to report (with {@link #threadDump}'s text) and kill.
     */
    public boolean stop(Duration timeout) {
        // Through the handle: Process.destroy() also closes our end of the child's output, losing its last lines.
        process.toHandle().destroy();
        if (waitForExit(timeout)) {
            return true;
        }
        threadDump();
        return false;
    }

    /**
     * The child's thread stacks, by the JDK's {@code jcmd PID Thread.print}, also appended to its log file; a line
     * saying why if there are none (the process gone, jcmd missing). jcmd's own attach timeout bounds the wait.
     */
    public String threadDump() {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.print")
                .redirectErrorStream(true).start();
            String dump = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            Files.writeString(logFile, "--- thread dump of " + name + " (jcmd Thread.print) ---\n" + dump + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            return dump;
        } catch (IOException e) {
            return "[no thread dump of " + name + ": " + e + "]";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "[no thread dump of " + name + ": interrupted]";
        }
    }

    public boolean waitForExit(Duration timeout) {
        try {
            boolean exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (exited) {
                pump.join(TimeUnit.SECONDS.toMillis(60)); // the last lines, read by a thread that a busy machine may starve
            }
            return exited;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            terminate(Duration.ofSeconds(20));
        }
    }

    private void pumpOutput() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
                log.write(line);
                log.write('\n');
                log.flush();
            }
        } catch (IOException e) {
            lines.add("[output pump stopped: " + e + "]");
        }
    }

    @Override
    public String toString() {
        return name + "(pid " + process.pid() + ")";
    }
}
