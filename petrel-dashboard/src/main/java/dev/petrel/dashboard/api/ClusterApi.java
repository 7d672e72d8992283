package dev.petrel.dashboard.api;

import dev.petrel.admin.AdminClient;
import dev.petrel.admin.AdminClient.BrokerAddress;
import dev.petrel.client.ClientException;
import dev.petrel.protocol.body.stats.RuntimeInfoKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The overview page: every broker of every cluster (masters and replicas) with its role, version and the figures of
 * its runtime info (GET_BROKER_RUNTIME_INFO, the keys mqadmin's clusterList prints): TPS in and out, today's message
 * counts, the CommitLog disk's fill ratio. A broker that does not answer is listed with the error, not dropped.
 */
public final class ClusterApi {

    /** One broker address's row. */
    public record BrokerRow(String cluster, String brokerName, long brokerId, String role, String address,
                            String version, Double inTps, Double outTps, Long inToday, Long outToday, Double diskRatio,
                            String error) {
    }

    /** The page's answer. */
    public record Overview(String namesrvAddr, boolean readOnly, int clusters, int topics, List<BrokerRow> brokers) {
    }

    private final DashboardClients clients;
    private final boolean readOnly;

    public ClusterApi(DashboardClients clients, boolean readOnly) {
        this.clients = clients;
        this.readOnly = readOnly;
    }

    public Overview overview() {
        AdminClient admin = clients.admin();
        List<BrokerRow> rows = new ArrayList<>();
        List<BrokerAddress> brokers = admin.brokers(null);
        for (BrokerAddress b : brokers) {
            String role = b.brokerId() == 0 ? "MASTER" : "SLAVE";
            try {
                Map<String, String> info = admin.runtimeInfo(b.address());
                rows.add(new BrokerRow(b.cluster(), b.brokerName(), b.brokerId(), role, b.address(),
                    info.get(RuntimeInfoKeys.BROKER_VERSION_DESC), firstNumber(info.get(RuntimeInfoKeys.PUT_TPS)),
                    firstNumber(info.get(RuntimeInfoKeys.GET_TRANSFERRED_TPS)),
                    difference(info, RuntimeInfoKeys.MSG_PUT_TOTAL_TODAY_NOW, RuntimeInfoKeys.MSG_PUT_TOTAL_TODAY_MORNING),
                    difference(info, RuntimeInfoKeys.MSG_GET_TOTAL_TODAY_NOW, RuntimeInfoKeys.MSG_GET_TOTAL_TODAY_MORNING),
                    firstNumber(info.get(RuntimeInfoKeys.COMMIT_LOG_DISK_RATIO)), null));
            } catch (ClientException e) {
                rows.add(new BrokerRow(b.cluster(), b.brokerName(), b.brokerId(), role, b.address(), null, null, null,
                    null, null, null, e.getMessage()));
            }
        }
        int clusters = (int) brokers.stream().map(BrokerAddress::cluster).distinct().count();
        return new Overview(clients.namesrvAddr(), readOnly, clusters, admin.admin().topicList().size(), rows);
    }

    /** {@code "12.5 11.0 10.2"} (the last 10 s, 1 min, 10 min, as RocketMQ writes putTps) → 12.5; null if absent. */
    static Double firstNumber(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Double.parseDouble(value.trim().split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Long difference(Map<String, String> info, String now, String morning) {
        Double a = firstNumber(info.get(now));
        Double b = firstNumber(info.get(morning));
        return a == null || b == null ? null : (long) (a - b);
    }
}
