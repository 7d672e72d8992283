package dev.petrel.broker.ha;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The master's and the slave's HA state, the frame codec and the report codec wired through two in-memory pipes that
 * deliver arbitrary chunks, with a stepped clock, random appends on the master and random disconnects; seeded, one
 * thread. Invariants: the slave's bytes are always exactly the master's bytes at the same offsets, the slave's first
 * file is one of the master's file starts, no connection is refused for a protocol reason, and once the master stops
 * appending the slave catches up and the master sees its ack.
 */
class ReplicationSimulationTest {

    private static final int FILE = 256;
    private static final int BATCH = 50;
    private static final int HEARTBEAT = 5000;
    private static final int HOUSEKEEPING = 20_000;

    @Property(tries = 200)
    void slaveIsAlwaysAPrefixOfTheMasterAndCatchesUp(@ForAll long seed) throws Exception {
        Random rnd = new Random(seed);
        Sim sim = new Sim(rnd);
        for (int step = 0; step < 600; step++) {
            if (rnd.nextInt(3) == 0) {
                sim.masterAppends(1 + rnd.nextInt(120));
            }
            sim.step(rnd.nextInt(1500));
            if (rnd.nextInt(100) == 0) {
                sim.disconnect();
            }
            sim.checkPrefix();
        }
        for (int step = 0; step < 2000 && !sim.caughtUp(); step++) {
            sim.step(rnd.nextInt(100));
            sim.checkPrefix();
        }
        assertThat(sim.caughtUp()).as("slave at %d, master at %d", sim.slaveMax(), sim.master.size()).isTrue();
    }

    private static final class Sim {
        final Random rnd;
        final ByteArrayOutputStream master = new ByteArrayOutputStream();
        final ByteArrayOutputStream slave = new ByteArrayOutputStream();
        long slaveStart = -1;
        long now;
        Pipe toSlave = new Pipe();
        Pipe toMaster = new Pipe();
        MasterStreamState conn;
        final SlaveFollowState follower = new SlaveFollowState(FILE, HEARTBEAT, HOUSEKEEPING);
        final TransferFrameReader reader = new TransferFrameReader(BATCH);
        final ByteBuffer reports = ByteBuffer.allocate(1 << 16);

        Sim(Random rnd) {
            this.rnd = rnd;
            connect();
        }

        void connect() {
            toSlave = new Pipe();
            toMaster = new Pipe();
            conn = new MasterStreamState(FILE, BATCH, HEARTBEAT, HOUSEKEEPING, now);
            follower.connected(now);
            reader.reset();
            reports.clear();
        }

        void disconnect() {
            connect();
        }

        void masterAppends(int n) {
            byte[] b = new byte[n];
            rnd.nextBytes(b);
            master.writeBytes(b);
        }

        long slaveMax() {
            return slaveStart < 0 ? 0 : slaveStart + slave.size();
        }

        boolean caughtUp() {
            return slaveMax() == master.size() && conn.ackedOffset() == master.size();
        }

        void step(int millis) throws Exception {
            now += millis;
            // slave: report, then read what arrived
            long due = follower.reportDue(now, slaveMax());
            if (due >= 0) {
                toMaster.write(OffsetReportCodec.encode(due));
                follower.reported(due, now);
            }
            byte[] in = toSlave.take(rnd);
            if (in.length > 0) {
                follower.read(now);
            }
            int at = 0;
            while (at < in.length) {
                ByteBuffer w = reader.writable();
                int n = Math.min(w.remaining(), in.length - at);
                w.put(in, at, n);
                at += n;
                TransferFrameReader.Frame f;
                while ((f = reader.next()) != null) {
                    follower.check(f.offset(), f.body().remaining(), slaveMax());
                    if (!f.isHeartbeat()) {
                        if (slaveStart < 0) {
                            slaveStart = f.offset();
                        }
                        byte[] body = new byte[f.body().remaining()];
                        f.body().get(body);
                        slave.writeBytes(body);
                    }
                }
                long grown = follower.reportDue(now, slaveMax());
                if (grown >= 0) {
                    toMaster.write(OffsetReportCodec.encode(grown));
                    follower.reported(grown, now);
                }
            }
            if (follower.expired(now) != null) {
                disconnect();
                return;
            }
            // master: read reports, then act until idle
            reports.put(toMaster.take(rnd));
            reports.flip();
            long last = OffsetReportCodec.decodeLast(reports);
            reports.compact();
            if (last >= 0) {
                conn.onReport(last, now, master.size());
            }
            for (int i = 0; i < 10; i++) {
                MasterStreamState.Action a = conn.next(now, 0, master.size());
                if (a instanceof MasterStreamState.Send s) {
                    ByteBuffer h = ByteBuffer.allocate(TransferFrameCodec.HEADER_SIZE);
                    TransferFrameCodec.encodeHeader(h, s.offset(), s.length());
                    toSlave.write(h.array());
                    toSlave.write(Arrays.copyOfRange(master.toByteArray(), (int) s.offset(), (int) s.offset() + s.length()));
                    conn.sent(s.offset(), s.length(), now);
                } else if (a instanceof MasterStreamState.Heartbeat hb) {
                    toSlave.write(TransferFrameCodec.heartbeat(hb.offset()));
                    conn.sent(hb.offset(), 0, now);
                } else if (a instanceof MasterStreamState.Close c) {
                    assertThat(c.reason()).contains("haHousekeepingInterval");
                    disconnect();
                    return;
                } else {
                    break;
                }
            }
        }

        void checkPrefix() {
            if (slaveStart < 0) {
                return;
            }
            assertThat(slaveStart % FILE).isZero();
            byte[] m = master.toByteArray();
            byte[] s = slave.toByteArray();
            assertThat(Arrays.copyOfRange(m, (int) slaveStart, (int) slaveStart + s.length)).isEqualTo(s);
        }
    }

    /** Bytes in flight in one direction, delivered in arbitrary chunks. */
    private static final class Pipe {
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

        void write(byte[] b) {
            pending.writeBytes(b);
        }

        byte[] take(Random rnd) {
            byte[] all = pending.toByteArray();
            int n = all.length == 0 ? 0 : rnd.nextInt(all.length + 1);
            pending.reset();
            pending.write(all, n, all.length - n);
            return Arrays.copyOf(all, n);
        }
    }
}
