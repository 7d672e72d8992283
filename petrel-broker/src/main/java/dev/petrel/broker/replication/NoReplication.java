package dev.petrel.broker.replication;

import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreRole;
import dev.petrel.store.gate.CommitGate;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** A broker that replicates to nobody: its role is fixed by {@code brokerRole} and the local gate confirms alone. */
final class NoReplication implements Replication {

    private final StoreRole role;
    private final long brokerId;
    private final String haServerAddress;
    private volatile MessageStore store;

    NoReplication(StoreRole role, long brokerId, String haServerAddress) {
        this.role = role;
        this.brokerId = brokerId;
        this.haServerAddress = haServerAddress;
    }

    @Override
    public UnaryOperator<CommitGate> gateWrapper() {
        return UnaryOperator.identity();
    }

    @Override
    public StoreRole initialRole() {
        return role;
    }

    @Override
    public void start(MessageStore store, RoleListener listener) {
        this.store = store;
    }

    @Override
    public long brokerId() {
        return brokerId;
    }

    @Override
    public String haServerAddress() {
        return haServerAddress;
    }

    @Override
    public Map<String, String> runtimeInfo() {
        return Map.of();
    }

    /** A master nobody replicates from (Apache's HA service with no slave connected). */
    @Override
    public HaRuntimeInfo haStatus() {
        MessageStore s = store;
        return s == null ? null : HaRuntimeInfo.ofMaster(s.commitLogMaxOffset(), 0, List.of());
    }

    @Override
    public void stop() {
    }
}
