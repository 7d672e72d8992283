package dev.petrel.namesrv.metrics;

import dev.petrel.metrics.CounterTable;
import dev.petrel.metrics.Family;
import dev.petrel.namesrv.route.BrokerMembership;
import dev.petrel.namesrv.route.RouteRegistry;
import dev.petrel.remoting.RemotingMetrics;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The NameServer's families (RocketMQ 5's NameServer exports none, so all are Petrel's): topics, brokers and
 * clusters in the route registry, and the remoting server's counters. Read at scrape time from the registry's
 * published state (immutable snapshots, safe from any thread) and the counters' adders.
 */
public final class NamesrvMetrics implements MultiCollector {

    private final RouteRegistry registry;
    private final Supplier<RemotingMetrics> remoting;
    private final Labels constant;

    /**
     * @param remoting the remoting server's counters, or null before it is started
     * @param extra    the {@code metricsLabel} pairs
     */
    public NamesrvMetrics(RouteRegistry registry, Supplier<RemotingMetrics> remoting, Map<String, String> extra) {
        this.registry = registry;
        this.remoting = remoting;
        Labels labels = Labels.of("node_type", "namesrv");
        for (Map.Entry<String, String> e : extra.entrySet()) {
            labels = labels.add(e.getKey(), e.getValue());
        }
        this.constant = labels;
    }

    @Override
    public MetricSnapshots collect() {
        List<MetricSnapshot> out = new ArrayList<>();
        BrokerMembership membership = registry.membership();
        out.add(Family.gauge("petrel_namesrv_topics", "Topics with a route.", constant)
            .add(registry.topicCount()).build());
        out.add(Family.gauge("petrel_namesrv_broker_addresses", "Registered broker addresses (masters and slaves).",
            constant).add(membership.brokerAddrCount()).build());
        Family clusters = Family.gauge("petrel_namesrv_cluster_brokers", "Broker names (master/slave groups) per "
            + "cluster.", constant, "cluster");
        for (Map.Entry<String, Set<String>> e : membership.clusters().entrySet()) {
            clusters.add(e.getValue().size(), e.getKey());
        }
        out.add(clusters.build());
        RemotingMetrics r = remoting.get();
        if (r != null) {
            out.addAll(CounterTable.families("petrel_remoting", "NameServer remoting server counter", r.snapshot(),
                constant));
        }
        return new MetricSnapshots(out);
    }
}
