package dev.petrel.broker.registration;

import dev.petrel.broker.BrokerIdentity;
import dev.petrel.broker.replication.Replication;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.register.RegisterBrokerBody;
import dev.petrel.protocol.body.register.RegisterBrokerBodyCodec;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.namesrv.QueryDataVersionRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.UnRegisterBrokerRequestHeader;
import dev.petrel.remoting.RemotingClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Talks to the NameServers for the broker (Apache's {@code BrokerOuterAPI}): REGISTER_BROKER to every NameServer in
 * parallel, waiting at most the registration timeout for all; QUERY_DATA_VERSION when {@code forceRegister} is off;
 * UNREGISTER_BROKER at shutdown (flows.md §1).
 *
 * <p>Called from the registration thread and, at start and stop, from the broker's own thread; stateless apart from
 * the remoting client's connections.
 */
public final class NameServerRegistrar {

    private static final Logger LOG = LoggerFactory.getLogger(NameServerRegistrar.class);
    static final long UNREGISTER_TIMEOUT_MILLIS = 3_000;
    private static final RecordHeaderCodec<RegisterBrokerRequestHeader> REGISTER =
        RecordHeaderCodec.of(RegisterBrokerRequestHeader.class);
    private static final RecordHeaderCodec<RegisterBrokerResponseHeader> REGISTER_RESPONSE =
        RecordHeaderCodec.of(RegisterBrokerResponseHeader.class);
    private static final RecordHeaderCodec<UnRegisterBrokerRequestHeader> UNREGISTER =
        RecordHeaderCodec.of(UnRegisterBrokerRequestHeader.class);
    private static final RecordHeaderCodec<QueryDataVersionRequestHeader> QUERY_VERSION =
        RecordHeaderCodec.of(QueryDataVersionRequestHeader.class);
    private static final RecordHeaderCodec<QueryDataVersionResponseHeader> QUERY_VERSION_RESPONSE =
        RecordHeaderCodec.of(QueryDataVersionResponseHeader.class);

    private final RemotingClient client;
    private final List<String> nameServers;
    private final BrokerIdentity identity;
    private final Replication replication;
    private final long timeoutMillis;
    private final DataVersion mappingVersion;
    private final Clock clock;

    /**
     * @param replication gives the brokerId and haServerAddr to register (a Raft node's id changes with its role)
     *                    and hears the master each NameServer announces
     */
    public NameServerRegistrar(RemotingClient client, List<String> nameServers, BrokerIdentity identity,
                               Replication replication, long timeoutMillis, Clock clock) {
        this.client = client;
        this.nameServers = List.copyOf(nameServers);
        this.identity = identity;
        this.replication = replication;
        this.timeoutMillis = timeoutMillis;
        this.mappingVersion = DataVersion.initial(clock.millis());
        this.clock = clock;
    }

    /** Parses {@code namesrvAddr}: {@code host:port} entries separated by ';' (blanks ignored). */
    public static List<String> parseAddresses(String namesrvAddr) {
        List<String> out = new ArrayList<>();
        if (namesrvAddr != null) {
            for (String part : namesrvAddr.split(";")) {
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
            }
        }
        return out;
    }

    public List<String> nameServers() {
        return nameServers;
    }

    /**
     * Registers {@code topics} with every NameServer (or only {@code only}, when given) in parallel.
     *
     * @param brokerPermission ANDed into every topic's perm when the broker is not readable and writable
     * @return NameServer address → null on success, else what went wrong
     */
    public Map<String, String> register(Map<String, TopicConfig> topics, DataVersion version, int brokerPermission,
                                        List<String> only) {
        Replication.RegisteredAs as = replication.registeredAs();
        Map<String, TopicConfig> table = new LinkedHashMap<>();
        topics.forEach((name, t) -> table.put(name, brokerPermission == 6 ? t : new TopicConfig(t.topicName(),
            t.readQueueNums(), t.writeQueueNums(), t.perm() & brokerPermission, t.topicFilterType(), t.topicSysFlag(),
            t.order(), t.attributes())));
        RegisterBrokerBody body = new RegisterBrokerBody(List.of(), new TopicConfigAndMappingSerializeWrapper(
            withState(version, as), mappingVersion, table, Map.of(), Map.of()));
        byte[] bytes = RegisterBrokerBodyCodec.encode(body, false);
        RegisterBrokerRequestHeader header = new RegisterBrokerRequestHeader(identity.brokerName(), identity.address(),
            identity.clusterName(), replication.haServerAddress(), as.brokerId(), null, false, false,
            RegisterBrokerBodyCodec.bodyCrc32(bytes), null);
        RemotingCommand request = RemotingCommand.request(RequestCode.REGISTER_BROKER, REGISTER.encode(header), bytes);
        return callAll(only == null ? nameServers : only, request, timeoutMillis, "register", this::announced);
    }

    /** A successful REGISTER_BROKER answer names the master of this broker name (for a slave to follow). */
    private void announced(RemotingCommand response) {
        var decoded = REGISTER_RESPONSE.decode(response.extFields());
        if (decoded.isOk()) {
            RegisterBrokerResponseHeader h = decoded.value();
            replication.masterAnnounced(blankToNull(h.masterAddr()), blankToNull(h.haServerAddr()));
        }
    }

    /**
     * The topic table's version with the replication's state version (0 unless a Raft leader's term backs its claim
     * to brokerId 0), as registered and as the NameServer then stores and answers it.
     */
    private static DataVersion withState(DataVersion version, Replication.RegisteredAs as) {
        return version.stateVersion() == as.stateVersion() ? version
            : new DataVersion(version.counter(), as.stateVersion(), version.timestamp());
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /**
     * The NameServers whose stored data version differs from {@code topicsVersion} carrying this broker's state
     * version (or that cannot tell).
     */
    public List<String> changedOn(DataVersion topicsVersion) {
        Replication.RegisteredAs as = replication.registeredAs();
        DataVersion version = withState(topicsVersion, as);
        QueryDataVersionRequestHeader header = new QueryDataVersionRequestHeader(identity.brokerName(),
            identity.address(), identity.clusterName(), as.brokerId());
        RemotingCommand request = RemotingCommand.request(RequestCode.QUERY_DATA_VERSION, QUERY_VERSION.encode(header),
            DataVersion.CODEC.encode(version));
        List<String> changed = new ArrayList<>();
        Map<String, CompletableFuture<RemotingCommand>> calls = new LinkedHashMap<>();
        for (String addr : nameServers) {
            calls.put(addr, client.invokeAsync(addr, request, timeoutMillis));
        }
        calls.forEach((addr, call) -> {
            try {
                RemotingCommand r = call.get(timeoutMillis, TimeUnit.MILLISECONDS);
                boolean same = r.code() == ResponseCode.SUCCESS && r.body() != null
                    && !QUERY_VERSION_RESPONSE.decode(r.extFields()).orElseThrow().changed()
                    && version.equals(DataVersion.CODEC.decode(r.body()));
                if (!same) {
                    changed.add(addr);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                changed.add(addr);
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                changed.add(addr);
            }
        });
        return changed;
    }

    /** UNREGISTER_BROKER to every NameServer in parallel (3 s each). */
    public Map<String, String> unregister() {
        UnRegisterBrokerRequestHeader header = new UnRegisterBrokerRequestHeader(identity.brokerName(), identity.address(),
            identity.clusterName(), replication.brokerId());
        RemotingCommand request = RemotingCommand.request(RequestCode.UNREGISTER_BROKER, UNREGISTER.encode(header), null);
        return callAll(nameServers, request, UNREGISTER_TIMEOUT_MILLIS, "unregister", r -> { });
    }

    private Map<String, String> callAll(List<String> targets, RemotingCommand request, long timeout, String what,
                                        Consumer<RemotingCommand> onSuccess) {
        Map<String, CompletableFuture<RemotingCommand>> calls = new LinkedHashMap<>();
        for (String addr : targets) {
            calls.put(addr, client.invokeAsync(addr, request, timeout));
        }
        Map<String, String> outcome = new LinkedHashMap<>();
        long deadline = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(timeout);
        for (Map.Entry<String, CompletableFuture<RemotingCommand>> e : calls.entrySet()) {
            String error;
            try {
                long left = Math.max(1, deadline - clock.nanos());
                RemotingCommand r = e.getValue().get(left, TimeUnit.NANOSECONDS);
                error = r.code() == ResponseCode.SUCCESS ? null
                    : "answered " + ResponseCode.name(r.code()) + (r.remark() == null ? "" : ": " + r.remark());
                if (error == null) {
                    onSuccess.accept(r);
                }
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                error = "interrupted";
            } catch (ExecutionException ee) {
                error = String.valueOf(ee.getCause().getMessage());
            } catch (TimeoutException te) {
                error = "no answer within " + timeout + " ms";
            }
            outcome.put(e.getKey(), error);
            if (error != null) {
                LOG.warn("could not {} broker {} with NameServer {}: {}", what, identity.brokerName(), e.getKey(), error);
            }
        }
        return outcome;
    }
}
