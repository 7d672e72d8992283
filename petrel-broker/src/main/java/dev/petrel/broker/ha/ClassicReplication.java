package dev.petrel.broker.ha;

import dev.petrel.broker.BrokerConfig.BrokerRole;
import dev.petrel.broker.BrokerIdentity;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.replication.Replication;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreRole;
import dev.petrel.store.gate.CommitGate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import dev.petrel.remoting.RemotingClient;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * Classic master/slave replication (RocketMQ's DefaultHAService with {@code brokerRole}), the broker's
 * {@link Replication} for ASYNC_MASTER, SYNC_MASTER and SLAVE:
 * <ul>
 *   <li><b>master</b> (both kinds): the HA acceptor on {@code haListenPort} ({@link HaAcceptLoop}) streams the
 *   CommitLog to every slave that connects ({@link StoreReplication#source}), whether or not one ever does, as
 *   Apache's master does. ASYNC_MASTER's gate is the local one ({@link AsyncMasterGate}: it only wakes the HA writers);
 *   SYNC_MASTER's is {@link SyncMasterGate}: a put completes once enough slaves hold its record.</li>
 *   <li><b>slave</b> ({@code brokerId > 0}): the HA client ({@link HaClientLoop}) follows the master at
 *   {@code haMasterAddress}, or else at the {@code haServerAddr} the NameServer announces in its REGISTER_BROKER
 *   answers ({@link #masterAnnounced}), reconnecting when it changes; the bytes reach the store whole through
 *   {@link RecordReassembler}. {@link SlaveSynchronize} copies the master's metadata from the announced
 *   {@code masterAddr}. A Petrel slave does not run an HA acceptor (Apache's does, serving nobody in practice).</li>
 * </ul>
 * The role is fixed for the life of the broker (no promotion in classic mode).
 *
 * <p>Wiring: everything that does not need the store is built in the constructor; {@link #start} builds the HA
 * loops over the recovered store (the store arrives there, by the seam's design) and starts them.
 *
 * <p>Threading: {@link #start} and {@link #stop} on the broker's thread; {@link #masterAnnounced} from the
 * registration thread; the loops own their threads (see their classes).
 */
public final class ClassicReplication implements Replication {

    private static final Logger LOG = LoggerFactory.getLogger(ClassicReplication.class);

    /** What {@link #start} built. */
    private record Running(MessageStore store, HaAcceptLoop acceptor, HaClientLoop client, RecordReassembler sink) {
    }

    private final BrokerRole role;
    private final HaConfig.Settings settings;
    private final BrokerIdentity identity;
    private final int haPort;
    private final String bindHost;
    private final int fileSize;
    private final int maxRecordBytes;
    private final Clock clock;
    private final ReplicaAcks acks = new ReplicaAcks();
    private final SyncReplicationPolicy policy;
    private final SlaveSynchronize slaveSync;
    private final ReturningMasterOffsets returning;
    private final AtomicReference<String> announcedHa = new AtomicReference<>();
    private volatile Running running;

    /**
     * @param haPort         the HA port to listen on (0: any free one, when {@code listenPort} was 0 too)
     * @param bindHost       the remoting server's {@code bindAddress}, where the acceptor listens unless brokerIP2 is
     *                       a loopback address
     * @param fileSize       {@code mappedFileSizeCommitLog}
     * @param maxRecordBytes the largest record a slave accepts from its master
     * @param slaveSync      the metadata copy of a slave; null for a master
     */
    public ClassicReplication(BrokerRole role, HaConfig.Settings settings, BrokerIdentity identity, int haPort,
                              String bindHost, int fileSize, int maxRecordBytes, SlaveSynchronize slaveSync, Clock clock) {
        this(role, settings, identity, haPort, bindHost, fileSize, maxRecordBytes, slaveSync, null, clock);
    }

    /**
     * @param returning a master's catch-up of the consumer offsets its slaves took while it was down (null: none,
     *                  e.g. no NameServer to find the slaves through)
     */
    ClassicReplication(BrokerRole role, HaConfig.Settings settings, BrokerIdentity identity, int haPort,
                       String bindHost, int fileSize, int maxRecordBytes, SlaveSynchronize slaveSync,
                       ReturningMasterOffsets returning, Clock clock) {
        if (role == BrokerRole.SLAVE && identity.brokerId() <= 0) {
            throw new IllegalArgumentException("brokerRole=SLAVE needs brokerId > 0 (got " + identity.brokerId()
                + "): 0 is the master's id within broker name " + identity.brokerName() + "; set brokerId=1 (or the "
                + "next free id) in broker.conf");
        }
        if (role == BrokerRole.SLAVE && slaveSync == null) {
            throw new IllegalArgumentException("a slave needs its SlaveSynchronize");
        }
        this.role = role;
        this.settings = settings;
        this.identity = identity;
        this.haPort = haPort;
        this.bindHost = bindHost;
        this.fileSize = fileSize;
        this.maxRecordBytes = maxRecordBytes;
        this.slaveSync = role == BrokerRole.SLAVE ? slaveSync : null;
        this.returning = role == BrokerRole.SLAVE ? null : returning;
        this.clock = clock;
        this.policy = SyncReplicationPolicy.of(settings);
        if (role != BrokerRole.SLAVE && identity.brokerId() != 0) {
            LOG.warn("brokerRole={} registers as brokerId 0 (configured brokerId {} is ignored, as RocketMQ does)", role,
                identity.brokerId());
        }
    }

    /**
     * The broker's replication: a master also takes back, at start, the consumer offsets its slaves (found through
     * {@code nameServers}) accepted while it was down ({@link ReturningMasterOffsets}).
     */
    public static ClassicReplication of(BrokerRole role, HaConfig.Settings settings, BrokerIdentity identity,
                                        int haPort, String bindHost, int fileSize, int maxRecordBytes,
                                        SlaveSynchronize slaveSync, List<String> nameServers,
                                        RemotingClient client, ConsumerOffsetTable offsets, long timeoutMillis,
                                        Clock clock) {
        ReturningMasterOffsets returning = role == BrokerRole.SLAVE || nameServers.isEmpty() ? null
            : new ReturningMasterOffsets(client, nameServers, identity.brokerName(), identity.address(), offsets,
                timeoutMillis);
        return new ClassicReplication(role, settings, identity, haPort, bindHost, fileSize, maxRecordBytes, slaveSync,
            returning, clock);
    }

    public BrokerRole role() {
        return role;
    }

    @Override
    public UnaryOperator<CommitGate> gateWrapper() {
        return switch (role) {
            case SYNC_MASTER -> local -> new SyncMasterGate(local, policy, acks, settings.slaveTimeoutMillis(), clock,
                this::wakeWriters);
            case ASYNC_MASTER -> local -> new AsyncMasterGate(local, this::wakeWriters);
            case SLAVE -> UnaryOperator.identity();
        };
    }

    private void wakeWriters() {
        Running r = running;
        if (r != null && r.acceptor() != null) {
            r.acceptor().wakeWriters();
        }
    }

    @Override
    public StoreRole initialRole() {
        return role.storeRole();
    }

    @Override
    public synchronized void start(MessageStore store, RoleListener listener) {
        if (running != null) {
            throw new IllegalStateException("replication already started");
        }
        if (role == BrokerRole.SLAVE) {
            RecordReassembler sink = StoreReplication.sink(store, fileSize, maxRecordBytes);
            HaClientLoop client = new HaClientLoop(sink, settings, clock, HaClientLoop.Backoff.DEFAULT);
            String announced = announcedHa.get();
            if (settings.haMasterAddress() == null && announced != null) {
                client.setMasterAddress(announced);
            }
            running = new Running(store, null, client, sink);
            client.start();
            slaveSync.start();
            LOG.info("slave {} (brokerId {}) follows master {}", identity.brokerName(), identity.brokerId(),
                client.masterAddress() != null ? client.masterAddress() : "to be announced by the NameServer");
        } else {
            if (returning != null) {
                returning.run(); // before the broker serves: no consumer reads an offset its slave has moved past
            }
            HaAcceptLoop acceptor = new HaAcceptLoop(bindAddress(), StoreReplication.source(store, fileSize), acks,
                settings, clock);
            try {
                acceptor.open();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            running = new Running(store, acceptor, null, null);
        }
    }

    /**
     * Where the HA acceptor listens: brokerIP2 when it is a loopback address (a test or a one-machine setup, nothing
     * outside the host needs it), else the broker's {@code bindAddress} (every interface by default, as the remoting
     * server and Apache's HA acceptor listen).
     */
    private InetSocketAddress bindAddress() {
        try {
            InetAddress ip2 = InetAddress.getByName(identity.ip2());
            if (ip2.isLoopbackAddress()) {
                return new InetSocketAddress(ip2, haPort);
            }
        } catch (UnknownHostException e) {
            LOG.info("brokerIP2 {} does not resolve ({}); the HA acceptor listens on {}", identity.ip2(),
                e.getMessage(), bindHost);
        }
        return new InetSocketAddress(bindHost, haPort);
    }

    @Override
    public long brokerId() {
        return role == BrokerRole.SLAVE ? identity.brokerId() : 0;
    }

    @Override
    public String haServerAddress() {
        Running r = running;
        int port = r != null && r.acceptor() != null ? r.acceptor().port() : haPort;
        return identity.ip2() + ":" + port;
    }

    @Override
    public void masterAnnounced(String masterAddr, String haServerAddr) {
        if (role != BrokerRole.SLAVE) {
            return;
        }
        if (haServerAddr != null && settings.haMasterAddress() == null) {
            announcedHa.set(haServerAddr);
            Running r = running;
            if (r != null) {
                r.client().setMasterAddress(haServerAddr);
            }
        }
        slaveSync.masterAddress(masterAddr);
    }

    /** The slave's metadata copy (null on a master). */
    public SlaveSynchronize slaveSynchronize() {
        return slaveSync;
    }

    /** The HA address the slave follows, or null (a master, or none known yet). */
    public String followedMaster() {
        Running r = running;
        return r == null || r.client() == null ? null : r.client().masterAddress();
    }

    /** Whether the slave's HA client is connected to its master. */
    public boolean isFollowing() {
        Running r = running;
        return r != null && r.client() != null && r.client().isConnected();
    }

    /**
     * Stops the slave's HA client (the slave keeps serving what it holds but receives nothing more); a master whose
     * puts wait for this slave then answers them FLUSH_SLAVE_TIMEOUT. For tests and for detaching a slave.
     */
    public void stopFollowing() throws InterruptedException {
        Running r = running;
        if (r != null && r.client() != null) {
            r.client().stop();
        }
    }

    /** The master's slave connections now (0 on a slave). */
    public int slaveConnections() {
        Running r = running;
        return r == null || r.acceptor() == null ? 0 : r.acceptor().connectionCount();
    }

    /** The acknowledged offsets of the master's slave connections (RocketMQ's {@code slaveAckOffset}). */
    public ReplicaAcks acks() {
        return acks;
    }

    @Override
    public Map<String, String> runtimeInfo() {
        Map<String, String> info = new LinkedHashMap<>();
        Running r = running;
        info.put("brokerRole", role.name());
        if (r == null) {
            return info;
        }
        long max = r.store().commitLogMaxOffset();
        if (r.acceptor() != null) {
            info.put("haServerAddr", haServerAddress());
            info.put("haConnectionNums", Integer.toString(r.acceptor().connectionCount()));
            info.put("inSyncSlaveNums", Integer.toString(acks.inSync(max, settings.maxGapNotInSync())));
            long pushed = acks.maxAcked();
            info.put("haPush2SlaveMaxOffset", Long.toString(Math.max(0, pushed)));
            info.put("haSlaveFallBehindBytes", Long.toString(pushed < 0 ? max : Math.max(0, max - pushed)));
            info.put("haSlaveAckOffsets", joinAcks());
        } else {
            HaClientLoop c = r.client();
            info.put("haMasterAddress", c.masterAddress() == null ? "" : c.masterAddress());
            info.put("haMasterConnected", Boolean.toString(c.isConnected()));
            info.put("haSlaveMaxOffset", Long.toString(max));
            info.put("haReceivedBytes", Long.toString(c.receivedBytes()));
            info.put("haRefusedStreams", Long.toString(c.refusedStreams()));
            info.put("haHeldBackBytes", Integer.toString(r.sink().heldBytes()));
            info.put("masterAddr", slaveSync.masterAddress() == null ? "" : slaveSync.masterAddress());
            info.put("slaveSyncLastTimestamp", Long.toString(slaveSync.lastSyncMillis()));
        }
        return info;
    }

    /**
     * A master: every open slave connection (its socket address, ack, gap, rate, next offset to send) and how many are
     * within {@code haMaxGapNotInSync} (the same count as {@code inSyncSlaveNums} in the runtime info). A slave: the
     * master's HA address it follows, its max offset, the last read from and report to the master, the bytes of the
     * last second; {@code masterFlushOffset} 0, as Apache reports it outside acting-master mode.
     */
    @Override
    public HaRuntimeInfo haStatus() {
        Running r = running;
        if (r == null) {
            return null;
        }
        long max = r.store().commitLogMaxOffset();
        if (r.acceptor() != null) {
            List<HaRuntimeInfo.Connection> connections = new ArrayList<>();
            int inSync = 0;
            for (SlaveConnection.Status c : r.acceptor().connectionStatus()) {
                boolean ok = c.ackedOffset() >= 0 && max - c.ackedOffset() <= settings.maxGapNotInSync();
                inSync += ok ? 1 : 0;
                connections.add(new HaRuntimeInfo.Connection(c.slave(), c.ackedOffset(), max - c.ackedOffset(), ok,
                    c.bytesPerSecond(), c.nextOffset()));
            }
            return HaRuntimeInfo.ofMaster(max, inSync, connections);
        }
        HaClientLoop c = r.client();
        return HaRuntimeInfo.ofReplica(new HaRuntimeInfo.Client(c.masterAddress(), c.bytesPerSecond(), max,
            c.lastReadMillis(), c.lastWriteMillis(), 0));
    }

    private String joinAcks() {
        StringBuilder b = new StringBuilder();
        for (long a : acks.ackOffsets()) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(a);
        }
        return b.toString();
    }

    @Override
    public synchronized void stop() {
        Running r = running;
        if (r == null) {
            return;
        }
        try {
            if (slaveSync != null) {
                slaveSync.stop();
            }
            if (r.client() != null) {
                r.client().stop();
            }
            if (r.acceptor() != null) {
                r.acceptor().stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
