package dev.petrel.apachebench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the broker process costs, read from Linux's /proc: CPU time (utime + stime of {@code /proc/<pid>/stat}, in
 * clock ticks) and resident memory ({@code VmRSS}, {@code RssAnon}, {@code VmHWM} of {@code /proc/<pid>/status}).
 * Unknown values are -1.
 */
final class BrokerProcess {

    private final long pid;
    private final long ticksPerSecond;

    /** @param ticksPerSecond the kernel's USER_HZ ({@code getconf CLK_TCK}, 100 on Linux) */
    BrokerProcess(long pid, long ticksPerSecond) {
        this.pid = pid;
        this.ticksPerSecond = ticksPerSecond;
    }

    long pid() {
        return pid;
    }

    /** CPU time used so far in nanoseconds, or -1 when the process is gone. */
    long cpuNanos() {
        try {
            long ticks = cpuTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
            return ticks < 0 ? -1 : ticks * 1_000_000_000L / ticksPerSecond;
        } catch (IOException e) {
            return -1;
        }
    }

    Memory memory() {
        try {
            return parseStatus(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
        } catch (IOException e) {
            return Memory.UNKNOWN;
        }
    }

    /**
     * utime + stime (fields 14 and 15) of a {@code /proc/<pid>/stat} line. The command name (field 2) is in
     * parentheses and may hold spaces and parentheses itself, so fields are counted from the last ')'.
     */
    static long cpuTicks(String statLine) {
        int close = statLine.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] fields = statLine.substring(close + 1).trim().split("\\s+");
        // fields[0] is field 3 (state): utime is field 14, stime field 15
        if (fields.length < 13) {
            return -1;
        }
        try {
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static Memory parseStatus(String text) {
        long rss = -1;
        long anon = -1;
        long hwm = -1;
        for (String line : text.split("\n")) {
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

    /** Resident memory in kB: all ({@code VmRSS}, touched CommitLog pages count), anonymous, and the peak so far. */
    record Memory(long rssKb, long rssAnonKb, long hwmKb) {
        static final Memory UNKNOWN = new Memory(-1, -1, -1);

        Memory max(Memory other) {
            return new Memory(Math.max(rssKb, other.rssKb), Math.max(rssAnonKb, other.rssAnonKb),
                Math.max(hwmKb, other.hwmKb));
        }
    }
}
