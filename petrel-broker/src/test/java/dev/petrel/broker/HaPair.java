package dev.petrel.broker;

import dev.petrel.broker.ha.ClassicReplication;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A master and a slave broker in this JVM (real sockets on 127.0.0.1, separate store directories, no NameServer): the
 * slave follows the master's HA port by {@code haMasterAddress}; {@link #announceMaster()} stands in for the
 * NameServer's REGISTER_BROKER answer so the slave's metadata sync knows the master's address.
 */
final class HaPair implements AutoCloseable {

    /** Small CommitLog files, so tests cross file ends (blank records) quickly. */
    static final int FILE_SIZE = 256 * 1024;

    final BrokerFixture master;
    BrokerFixture slave;
    private final Path slaveDir;
    private final Map<String, String> slaveOverrides;

    /**
     * @param masterRole     ASYNC_MASTER or SYNC_MASTER
     * @param masterExtra    more master keys
     * @param slaveExtra     more slave keys
     */
    HaPair(Path dir, String masterRole, Map<String, String> masterExtra, Map<String, String> slaveExtra) {
        Map<String, String> m = new HashMap<>(common());
        m.put("brokerRole", masterRole);
        m.putAll(masterExtra);
        this.master = new BrokerFixture(dir.resolve("master"), m);
        Map<String, String> s = new HashMap<>(common());
        s.put("brokerRole", "SLAVE");
        s.put("brokerId", "1");
        s.put("haMasterAddress", "127.0.0.1:" + (master.port + 1));
        s.putAll(slaveExtra);
        this.slaveDir = dir.resolve("slave");
        this.slaveOverrides = s;
        this.slave = new BrokerFixture(slaveDir, s);
    }

    static Map<String, String> common() {
        Map<String, String> c = new HashMap<>();
        c.put("mappedFileSizeCommitLog", Integer.toString(FILE_SIZE));
        c.put("slaveSynchronizeInterval", "200");
        return c;
    }

    ClassicReplication masterReplication() {
        return (ClassicReplication) master.broker.replication();
    }

    ClassicReplication slaveReplication() {
        return (ClassicReplication) slave.broker.replication();
    }

    /** What the NameServer tells a registering slave: its master's broker and HA addresses. */
    void announceMaster() {
        slaveReplication().masterAnnounced(master.address(), master.broker.replication().haServerAddress());
    }

    /** Stops the slave gracefully and starts a new one on the same directory and port. */
    void restartSlave() {
        slave.restart();
    }

    /** The bytes of the CommitLog in {@code root} over [from, to). */
    static byte[] commitLog(Path root, long from, long to, int fileSize) {
        byte[] out = new byte[(int) (to - from)];
        try (Stream<Path> files = Files.list(root.resolve("commitlog"))) {
            List<Path> sorted = files.sorted().toList();
            for (Path f : sorted) {
                long start = Long.parseLong(f.getFileName().toString());
                long end = start + fileSize;
                long a = Math.max(start, from);
                long b = Math.min(end, to);
                if (a >= b) {
                    continue;
                }
                byte[] content = Files.readAllBytes(f);
                System.arraycopy(content, (int) (a - start), out, (int) (a - from), (int) (b - a));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Whether the slave's CommitLog equals the master's over the slave's [min, max). */
    boolean commitLogsMatch() {
        long min = slave.broker.store().commitLogMinOffset();
        long max = slave.broker.store().commitLogMaxOffset();
        return Arrays.equals(commitLog(slaveDir, min, max, FILE_SIZE), commitLog(master.dir, min, max, FILE_SIZE));
    }

    @Override
    public void close() {
        try {
            slave.close();
        } finally {
            master.close();
        }
    }
}
