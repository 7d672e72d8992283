package dev.petrel.broker.dledger;

import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RemotingClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;

/**
 * The broker address of a DLedger group's current leader, for the followers' metadata copy: the address registered as
 * brokerId 0 of the group's broker name, from the first NameServer that answers GET_BROKER_CLUSTER_INFO. A leader
 * registers as 0 as soon as it is promoted (the NameServer then replaces the old leader's entry), so a follower finds
 * the new leader one round after that registration, without waiting for its own next registration answer (up to
 * {@code registerNameServerPeriod}, 30 s; apache/rocketmq#7790). The Raft addresses ({@code dLegerPeers}) name the
 * peers' Raft ports, not their brokers, so they cannot be used.
 *
 * <p>Each NameServer call waits at most {@code timeoutMillis}; failures are logged once per distinct error. Called
 * on the metadata sync thread only.
 */
final class LeaderLookup {

    private static final Logger LOG = LoggerFactory.getLogger(LeaderLookup.class);

    private final RemotingClient client;
    private final List<String> nameServers;
    private final String brokerName;
    private final String ownAddress;
    private final long timeoutMillis;
    private String lastError;

    LeaderLookup(RemotingClient client, List<String> nameServers, String brokerName, String ownAddress,
                 long timeoutMillis) {
        this.client = client;
        this.nameServers = List.copyOf(nameServers);
        this.brokerName = brokerName;
        this.ownAddress = ownAddress;
        this.timeoutMillis = timeoutMillis;
    }

    /** The leader's broker address, or null when no NameServer knows another member registered as brokerId 0. */
    String leaderAddress() {
        for (String ns : nameServers) {
            String error;
            try {
                RemotingCommand r = client.invokeSync(ns,
                    RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO, Map.of(), null), timeoutMillis);
                if (r.code() == ResponseCode.SUCCESS && r.body() != null) {
                    BrokerData data = ClusterInfo.CODEC.decode(r.body()).brokerAddrTable().get(brokerName);
                    String leader = data == null ? null : data.brokerAddrs().get(0L);
                    lastError = null;
                    return leader == null || leader.equals(ownAddress) ? null : leader;
                }
                error = "code " + r.code() + " " + r.remark();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } catch (Exception e) { // unreachable, timed out, or a body that does not parse
                error = e.getMessage();
            }
            String text = "NameServer " + ns + " did not name the leader of " + brokerName + " (" + error
                + "); asking the next one";
            if (!text.equals(lastError)) {
                LOG.warn(text);
                lastError = text;
            }
        }
        return null;
    }
}
