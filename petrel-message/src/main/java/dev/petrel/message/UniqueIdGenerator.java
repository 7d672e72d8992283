package dev.petrel.message;

import dev.petrel.common.time.Clock;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Generates UNIQ_KEY client message ids in RocketMQ's layout (message-format.md §5.2), rendered as hex:
 *
 * <pre>
 *  0        4     6          10         14      16   (IPv4; the IP is 16 bytes for IPv6)
 *  +--------+-----+----------+----------+-------+
 *  | ip (4) |pid 2| loader 4 | time (4) |count 2|
 *  +--------+-----+----------+----------+-------+
 *  \------ fixed for the process ------/
 *  time = ms since the start of the current month (local time zone); count = process-wide counter, low 16 bits
 * </pre>
 *
 * Thread-safe and lock-free: the fixed prefix is rendered once; each id costs one atomic increment, one clock read
 * and one String. The month start is recomputed when the clock passes into the next month.
 */
public final class UniqueIdGenerator {

    private final Clock clock;
    private final ZoneId zone;
    private final byte[] prefixHex;
    private final AtomicInteger counter = new AtomicInteger();
    /** [monthStart, nextMonthStart) in epoch ms; replaced as a whole (immutable array) when the month rolls. */
    private volatile long[] month;

    /**
     * @param ip the 4 or 16 address bytes of this process's host
     * @param pid the process id (low 16 bits are used)
     * @param loaderHash RocketMQ uses its class loader's hash code; any int identifying the process works
     */
    public UniqueIdGenerator(Clock clock, ZoneId zone, byte[] ip, int pid, int loaderHash) {
        if (ip.length != 4 && ip.length != 16) {
            throw new IllegalArgumentException("an IP has 4 or 16 bytes, got " + ip.length);
        }
        this.clock = clock;
        this.zone = zone;
        ByteBuffer fixed = ByteBuffer.allocate(ip.length + 6);
        fixed.put(ip).putShort((short) pid).putInt(loaderHash);
        this.prefixHex = Hex.encode(fixed.array()).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        this.month = monthOf(clock.millis());
    }

    /** A generator for this process: first non-loopback IPv4 address (else the time, as RocketMQ does), real PID. */
    public static UniqueIdGenerator forThisProcess(Clock clock) {
        byte[] ip = LocalAddress.preferredIpv4();
        if (ip == null) {
            ip = ByteBuffer.allocate(4).putInt((int) clock.millis()).array();
        }
        return new UniqueIdGenerator(clock, ZoneId.systemDefault(), ip, (int) ProcessHandle.current().pid(),
            UniqueIdGenerator.class.getClassLoader() == null ? 0 : UniqueIdGenerator.class.getClassLoader().hashCode());
    }

    public String next() {
        long now = clock.millis();
        long[] m = month;
        if (now >= m[1] || now < m[0]) {
            m = monthOf(now);
            month = m;
        }
        int time = (int) (now - m[0]);
        int count = counter.getAndIncrement();
        byte[] out = new byte[prefixHex.length + 12];
        System.arraycopy(prefixHex, 0, out, 0, prefixHex.length);
        Hex.put(out, prefixHex.length, time, 4);
        Hex.put(out, prefixHex.length + 8, count, 2);
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private long[] monthOf(long now) {
        ZonedDateTime start = Instant.ofEpochMilli(now).atZone(zone).withDayOfMonth(1).toLocalDate().atStartOfDay(zone);
        return new long[] {start.toInstant().toEpochMilli(), start.plusMonths(1).toInstant().toEpochMilli()};
    }
}
