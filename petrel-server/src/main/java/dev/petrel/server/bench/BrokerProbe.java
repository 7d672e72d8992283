package dev.petrel.server.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Reads what a broker process costs from the operating system: its CPU time (user + system, through
 * {@link ProcessHandle}) and its memory from Linux's {@code /proc/<pid>/status}. Elsewhere memory is unknown.
 */
final class BrokerProbe {

    private final long pid;
    private final ProcessHandle process;
    private final Path status;

    private BrokerProbe(long pid, ProcessHandle process) {
        this.pid = pid;
        this.process = process;
        this.status = Path.of("/proc", Long.toString(pid), "status");
    }

    /**
     * @throws IllegalArgumentException when no such process is running (a person passed a wrong --broker-pid)
     */
    static BrokerProbe of(long pid) {
        ProcessHandle process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive).orElseThrow(() ->
            new IllegalArgumentException("--broker-pid " + pid + ": no such process is running"));
        return new BrokerProbe(pid, process);
    }

    long pid() {
        return pid;
    }

    /** CPU time used so far, in nanoseconds; -1 when the OS does not say. */
    long cpuNanos() {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }

    /** Resident memory now (and the peak so far); {@link Memory#UNKNOWN} where /proc is missing or unreadable. */
    Memory memory() {
        try {
            return Files.isReadable(status) ? parse(Files.readString(status)) : Memory.UNKNOWN;
        } catch (IOException e) {
            return Memory.UNKNOWN; // the process ended between two samples
        }
    }

    /**
     * Reads {@code VmRSS}, {@code RssAnon} and {@code VmHWM} (kB) from the text of {@code /proc/<pid>/status}; a
     * missing line reads as -1.
     */
    static Memory parse(String statusText) {
        long rss = -1;
        long anon = -1;
        long hwm = -1;
        for (String line : statusText.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                rss = kilobytes(line);
            } else if (line.startsWith("RssAnon:")) {
                anon = kilobytes(line);
            } else if (line.startsWith("VmHWM:")) {
                hwm = kilobytes(line);
            }
        }
        return new Memory(rss, anon, hwm);
    }

    private static long kilobytes(String line) {
        String[] parts = line.substring(line.indexOf(':') + 1).trim().split("\\s+");
        try {
            return Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Resident memory in kB: all of it ({@code VmRSS}; mapped store files count), anonymous (heap, direct buffers,
     * thread stacks: what the JVM itself holds) and the peak of {@code VmRSS} since the process started. -1: unknown.
     */
    record Memory(long rssKb, long rssAnonKb, long peakRssKb) {
        static final Memory UNKNOWN = new Memory(-1, -1, -1);

        Memory max(Memory other) {
            return new Memory(Math.max(rssKb, other.rssKb), Math.max(rssAnonKb, other.rssAnonKb),
                Math.max(peakRssKb, other.peakRssKb));
        }
    }
}
