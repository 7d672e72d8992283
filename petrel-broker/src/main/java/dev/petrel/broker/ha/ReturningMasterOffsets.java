package dev.petrel.broker.ha;

import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.protocol.body.offset.ConsumerOffsetSerializeWrapper;
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
 * A master that starts takes back the consumer offsets its slaves accepted while it was down, before it serves or
 * registers: it asks a NameServer which slaves its broker name has (GET_BROKER_CLUSTER_INFO), asks each for
 * GET_ALL_CONSUMER_OFFSET, and adopts, per queue, a slave's value that is ahead of its own.
 *
 * <p>Why: while the master is down, consumers commit to the slave. A consumer that lives on commits to the master
 * again once it is back, but one that stopped meanwhile (a crash, a deployment) never does, and its successor would
 * read the master's old offset and get back everything consumed from the slave. Apache RocketMQ does this only in
 * acting-master mode (ha.md §1.12). The slave's own copy is kept by {@link OffsetReconciler}.
 *
 * <p>Taking the larger value is right because an offset a slave holds beyond the master's can only come from a
 * commit taken on the slave (a slave copies the master's offsets, it never runs ahead by itself). One case is lost:
 * an operator who moved a group's offsets back on the master less than one sync interval before the master died
 * sees them moved forward again when it returns; reset them again then.
 *
 * <p>Bounded: every call waits at most {@code timeoutMillis}; a NameServer or slave that does not answer is logged
 * and skipped, and the master starts anyway. Runs once, on the starting thread.
 */
final class ReturningMasterOffsets {

    private static final Logger LOG = LoggerFactory.getLogger(ReturningMasterOffsets.class);

    private final RemotingClient client;
    private final List<String> nameServers;
    private final String brokerName;
    private final String ownAddress;
    private final ConsumerOffsetTable offsets;
    private final long timeoutMillis;

    ReturningMasterOffsets(RemotingClient client, List<String> nameServers, String brokerName, String ownAddress,
                           ConsumerOffsetTable offsets, long timeoutMillis) {
        this.client = client;
        this.nameServers = List.copyOf(nameServers);
        this.brokerName = brokerName;
        this.ownAddress = ownAddress;
        this.offsets = offsets;
        this.timeoutMillis = timeoutMillis;
    }

    /** Adopts what the slaves hold beyond this master; returns the number of queue offsets moved forward. */
    int run() {
        Map<Long, String> members = members();
        int adopted = 0;
        for (Map.Entry<Long, String> m : members.entrySet()) {
            if (m.getKey() == 0 || m.getValue() == null || m.getValue().equals(ownAddress)) {
                continue;
            }
            adopted += adoptFrom(m.getValue());
        }
        if (adopted > 0) {
            offsets.persist();
        }
        return adopted;
    }

    /** brokerId → address of this broker name, from the first NameServer that answers; empty if none does. */
    private Map<Long, String> members() {
        for (String ns : nameServers) {
            try {
                RemotingCommand r = client.invokeSync(ns,
                    RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO, Map.of(), null), timeoutMillis);
                if (r.code() != ResponseCode.SUCCESS || r.body() == null) {
                    LOG.info("NameServer {} answered GET_BROKER_CLUSTER_INFO with code {}: not looking for offsets "
                        + "committed on slaves there", ns, r.code());
                    continue;
                }
                BrokerData data = ClusterInfo.CODEC.decode(r.body()).brokerAddrTable().get(brokerName);
                return data == null ? Map.of() : data.brokerAddrs();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Map.of();
            } catch (Exception e) { // unreachable, timed out, or a body that does not parse
                LOG.info("NameServer {} could not list the slaves of {} ({}); offsets committed on them while this "
                    + "master was down are taken back only if another NameServer answers", ns, brokerName,
                    e.getMessage());
            }
        }
        return Map.of();
    }

    private int adoptFrom(String slave) {
        ConsumerOffsetSerializeWrapper table;
        try {
            RemotingCommand r = client.invokeSync(slave,
                RemotingCommand.request(RequestCode.GET_ALL_CONSUMER_OFFSET, Map.of(), null), timeoutMillis);
            if (r.code() != ResponseCode.SUCCESS || r.body() == null) {
                return 0; // "No consumer offset in this broker", or a slave that refuses: nothing to take back
            }
            table = ConsumerOffsetSerializeWrapper.CODEC.decode(r.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } catch (Exception e) {
            LOG.warn("slave {} of {} did not give its consumer offsets ({}); commits it took while this master was "
                + "down may be consumed again", slave, brokerName, e.getMessage());
            return 0;
        }
        int adopted = 0;
        for (Map.Entry<String, Map<Integer, Long>> e : table.offsetTable().entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                continue;
            }
            for (Map.Entry<Integer, Long> q : e.getValue().entrySet()) {
                if (q.getKey() == null || q.getValue() == null) {
                    continue;
                }
                long current = offsets.query(e.getKey(), q.getKey());
                if (q.getValue() > current && offsets.replaceIf(e.getKey(), q.getKey(), current, q.getValue())) {
                    adopted++;
                }
            }
        }
        LOG.info("took back {} consumer offsets committed on slave {} while this master was down", adopted, slave);
        return adopted;
    }
}
