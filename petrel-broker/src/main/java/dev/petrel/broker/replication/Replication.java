package dev.petrel.broker.replication;

import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreRole;
import dev.petrel.store.gate.CommitGate;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * How this broker's CommitLog reaches its replicas, chosen once from broker.conf ({@link Replications#of}): none,
 * classic master/slave ({@code brokerRole}), or a Raft group ({@code enableDLegerCommitLog}). The broker builds it
 * before the store, because the store's commit gate comes from it, and starts it once the store has recovered.
 *
 * <p>The lifecycle, all on the broker's own thread except {@link RoleListener} calls:
 * <ol>
 *   <li>{@link #gateWrapper()} and {@link #initialRole()} while the store is built;</li>
 *   <li>{@link #start} after recovery; from then on the replication may change the store's role and reports every
 *       change to the listener, from its own threads;</li>
 *   <li>{@link #stop()} before the store shuts down.</li>
 * </ol>
 */
public interface Replication {

    /** Told when this broker's role changes at run time (a Raft election, a slave promoted). */
    interface RoleListener {
        /**
         * The store's role is now {@code role} and the broker registers as {@code brokerId}. Called from the
         * replication's thread after the store's role was set; the listener starts or stops what runs only on a
         * writable broker and re-registers with the NameServers.
         */
        void roleChanged(StoreRole role, long brokerId);
    }

    /** Wraps the store's local commit gate (a put waiting for a slave's ack or a quorum); identity when none. */
    UnaryOperator<CommitGate> gateWrapper();

    /** The store's role before {@link #start} (a Raft node is a FOLLOWER until it is elected). */
    StoreRole initialRole();

    /** Starts replicating over the recovered {@code store}. */
    void start(MessageStore store, RoleListener listener);

    /** The brokerId to register now: the configured one in classic mode; 0 for a Raft leader, selfId + 1 otherwise. */
    long brokerId();

    /**
     * What a REGISTER_BROKER claims, read once per registration so the two never come from different role changes.
     *
     * @param brokerId     the id to register as ({@link #brokerId()})
     * @param stateVersion the {@code DataVersion.stateVersion} to send with it: a NameServer keeps an id for the
     *                     address that holds it when another address registers it with a lower one (Apache's
     *                     RouteInfoManager rule, kept by Petrel's RouteRegistry)
     */
    record RegisteredAs(long brokerId, long stateVersion) {
    }

    /**
     * The id and state version to register now. Classic master/slave and a lone broker send state version 0, as
     * Apache's broker does outside controller mode; a Raft leader sends the term it was promoted in, so a deposed
     * leader's late registration cannot take brokerId 0 back from its successor.
     */
    default RegisteredAs registeredAs() {
        return new RegisteredAs(brokerId(), 0);
    }

    /** The {@code haServerAddr} of REGISTER_BROKER ({@code ip2:haPort}); what slaves of this broker connect to. */
    String haServerAddress();

    /**
     * A NameServer answered REGISTER_BROKER with the master of this broker name (both null when it knows none).
     * A classic slave follows {@code haServerAddr} unless {@code haMasterAddress} is configured.
     */
    default void masterAnnounced(String masterAddr, String haServerAddr) {
    }

    /** Replication figures for GET_BROKER_RUNTIME_INFO (and haStatus), RocketMQ's key names where one exists. */
    Map<String, String> runtimeInfo();

    /**
     * GET_BROKER_HA_STATUS (907): the writable broker as master with its replicas as connections, a replica with its
     * view of the master; null before {@link #start} (answered SYSTEM_ERROR).
     */
    HaRuntimeInfo haStatus();

    /** Stops the replication's threads and connections; the store is still open. */
    void stop();
}
