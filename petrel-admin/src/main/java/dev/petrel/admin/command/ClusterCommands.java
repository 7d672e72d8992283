package dev.petrel.admin.command;

import dev.petrel.admin.AdminClient;
import dev.petrel.admin.AdminClient.BrokerAddress;
import dev.petrel.admin.cli.Command;
import dev.petrel.admin.cli.Flag;
import dev.petrel.admin.cli.Invocation;
import dev.petrel.admin.cli.ParsedArgs;
import dev.petrel.admin.cli.Report;
import dev.petrel.admin.cli.Table;
import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.protocol.body.stats.RuntimeInfoKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/** Cluster and broker commands: clusterList, brokerStatus, getBrokerConfig, updateBrokerConfig, haStatus (§2.2). */
public final class ClusterCommands {

    private static final Flag BROKER_ADDR = Flag.value("b", "brokerAddr", "ADDR", "one broker, host:port");
    private static final Flag CLUSTER = Flag.value("c", "clusterName", "CLUSTER", "every broker of the cluster");

    private ClusterCommands() {
    }

    public static List<Command> all() {
        return List.of(
            Command.of("clusterList", "every broker of every cluster with its version, TPS, queue waits, disk use",
                "petrel admin clusterList -n 127.0.0.1:9876",
                ClusterCommands::clusterList, Flag.toggle("m", "moreStats", "message totals of yesterday and today"),
                Flag.value("i", "interval", "SECONDS", "print again every SECONDS, until interrupted"),
                Flag.value("c", "clusterName", "CLUSTER", "only this cluster")),
            Command.of("brokerStatus", "a broker's runtime statistics (GET_BROKER_RUNTIME_INFO), sorted by key",
                "petrel admin brokerStatus -n 127.0.0.1:9876 -b 127.0.0.1:10911",
                ClusterCommands::brokerStatus, BROKER_ADDR, CLUSTER),
            Command.of("getBrokerConfig", "a broker's configuration properties",
                "petrel admin getBrokerConfig -n 127.0.0.1:9876 -b 127.0.0.1:10911",
                ClusterCommands::getBrokerConfig, BROKER_ADDR, CLUSTER),
            Command.of("updateBrokerConfig", "change one broker property at run time (keys the broker marks dynamic)",
                "petrel admin updateBrokerConfig -n 127.0.0.1:9876 -b 127.0.0.1:10911 -k maxMessageSize -v 2097152",
                ClusterCommands::updateBrokerConfig, BROKER_ADDR, Flag.value("c", "clusterName", "CLUSTER",
                    "every master of the cluster"),
                Flag.value("k", "key", "KEY", "property name").mandatory(),
                Flag.value("v", "value", "VALUE", "new value").mandatory()),
            Command.of("haStatus", "replication state of a broker or of every master of a cluster (GET_BROKER_HA_STATUS)",
                "petrel admin haStatus -n 127.0.0.1:9876 -c DefaultCluster",
                ClusterCommands::haStatus, BROKER_ADDR, Flag.value("c", "clusterName", "CLUSTER",
                    "every master of the cluster"),
                Flag.value("i", "interval", "SECONDS", "print again every SECONDS, until interrupted")));
    }

    static Report clusterList(Invocation in) {
        ParsedArgs a = in.args();
        long interval = a.longValue("interval", 0, 1, 86_400);
        if (interval == 0) {
            return clusterListOnce(in);
        }
        while (!Thread.currentThread().isInterrupted()) {
            Report r = clusterListOnce(in);
            if (in.json()) {
                in.out().println(r.json());
            } else {
                r.lines().forEach(in.out()::println);
                in.out().println();
            }
            in.out().flush();
            LockSupport.parkNanos(Duration.ofSeconds(interval).toNanos());
        }
        return null;
    }

    private static Report clusterListOnce(Invocation in) {
        AdminClient admin = in.admin();
        String cluster = in.args().string("clusterName");
        List<BrokerAddress> brokers = admin.brokers(cluster);
        if (in.args().has("moreStats")) {
            Table t = new Table("%-16s  %-32s %14s %14s %14s %14s", "%-16s  %-32s %14d %14d %14d %14d",
                "#Cluster Name", "cluster", "#Broker Name", "brokerName", "#InTotalYest", "inTotalYesterday",
                "#OutTotalYest", "outTotalYesterday", "#InTotalToday", "inTotalToday", "#OutTotalToday", "outTotalToday");
            for (BrokerAddress b : brokers) {
                if (b.brokerId() != 0) {
                    continue;
                }
                Map<String, String> kv = admin.runtimeInfo(b.address());
                long putYest = num(kv, RuntimeInfoKeys.MSG_PUT_TOTAL_YESTERDAY_MORNING);
                long putMorning = num(kv, RuntimeInfoKeys.MSG_PUT_TOTAL_TODAY_MORNING);
                long putNow = num(kv, RuntimeInfoKeys.MSG_PUT_TOTAL_TODAY_NOW);
                long getYest = num(kv, RuntimeInfoKeys.MSG_GET_TOTAL_YESTERDAY_MORNING);
                long getMorning = num(kv, RuntimeInfoKeys.MSG_GET_TOTAL_TODAY_MORNING);
                long getNow = num(kv, RuntimeInfoKeys.MSG_GET_TOTAL_TODAY_NOW);
                t.row(Formats.cut(b.cluster(), 16), Formats.cut(b.brokerName(), 32), putMorning - putYest,
                    getMorning - getYest, putNow - putMorning, getNow - getMorning);
            }
            return new Report().table("brokers", t);
        }
        Table t = new Table("%-22s  %-22s  %-4s  %-22s %-16s  %16s  %16s  %-22s  %-11s  %-12s  %-8s  %-10s",
            "%-22s  %-22s  %-4s  %-22s %-16s  %16s  %16s  %-22s  %11s  %-12s  %-8s  %10s",
            "#Cluster Name", "cluster", "#Broker Name", "brokerName", "#BID", "brokerId", "#Addr", "address",
            "#Version", "version", "#InTPS(LOAD)", "inTps", "#OutTPS(LOAD)", "outTps", "#Timer(Progress)", "timer",
            "#PCWait(ms)", "pageCacheLockTimeMills", "#Hour", "hours", "#SPACE", "commitLogDiskRatio",
            "#ACTIVATED", "activated");
        long now = System.currentTimeMillis();
        for (BrokerAddress b : brokers) {
            Map<String, String> kv = admin.runtimeInfo(b.address());
            double inTps = firstRate(kv.get(RuntimeInfoKeys.PUT_TPS));
            double outTps = firstRate(kv.get(RuntimeInfoKeys.GET_TRANSFERRED_TPS));
            String sendQueue = kv.getOrDefault(RuntimeInfoKeys.SEND_THREAD_POOL_QUEUE_SIZE, "0");
            String sendWait = kv.getOrDefault(RuntimeInfoKeys.SEND_THREAD_POOL_QUEUE_HEAD_WAIT_TIME_MILLS, "0");
            String pullQueue = kv.getOrDefault(RuntimeInfoKeys.PULL_THREAD_POOL_QUEUE_SIZE, "0");
            String pullWait = kv.getOrDefault(RuntimeInfoKeys.PULL_THREAD_POOL_QUEUE_HEAD_WAIT_TIME_MILLS, "0");
            long readBehind = num(kv, RuntimeInfoKeys.TIMER_READ_BEHIND);
            long offsetBehind = num(kv, RuntimeInfoKeys.TIMER_OFFSET_BEHIND);
            double congest = dbl(kv, RuntimeInfoKeys.TIMER_CONGEST_NUM) / 10000;
            double enqueue = dbl(kv, RuntimeInfoKeys.TIMER_ENQUEUE_TPS);
            double dequeue = dbl(kv, RuntimeInfoKeys.TIMER_DEQUEUE_TPS);
            long pcWait = num(kv, RuntimeInfoKeys.PAGE_CACHE_LOCK_TIME_MILLS);
            long earliest = num(kv, RuntimeInfoKeys.EARLIEST_MESSAGE_TIME_STAMP);
            double hours = (now - earliest) / 3600.0 / 1000;
            double space = dbl(kv, RuntimeInfoKeys.COMMIT_LOG_DISK_RATIO);
            String version = kv.getOrDefault(RuntimeInfoKeys.BROKER_VERSION_DESC, "");
            String active = kv.getOrDefault(RuntimeInfoKeys.BROKER_ACTIVE, "");
            Object[] printed = {b.cluster(), b.brokerName(), b.brokerId(), b.address(), version,
                String.format(Locale.ROOT, "%9.2f(%s,%sms)", inTps, sendQueue, sendWait),
                String.format(Locale.ROOT, "%9.2f(%s,%sms)", outTps, pullQueue, pullWait),
                String.format(Locale.ROOT, "%d-%d(%.1fw, %.1f, %.1f)", readBehind, offsetBehind, congest, enqueue, dequeue),
                pcWait, String.format(Locale.ROOT, "%2.2f", hours), String.format(Locale.ROOT, "%.4f", space), active};
            Map<String, Object> timer = new LinkedHashMap<>();
            timer.put("readBehind", readBehind);
            timer.put("offsetBehind", offsetBehind);
            timer.put("congestNum", dbl(kv, RuntimeInfoKeys.TIMER_CONGEST_NUM));
            timer.put("enqueueTps", enqueue);
            timer.put("dequeueTps", dequeue);
            Object[] values = {b.cluster(), b.brokerName(), b.brokerId(), b.address(), version, inTps, outTps, timer, pcWait,
                hours, space, Boolean.parseBoolean(active)};
            t.row(printed, values);
        }
        return new Report().table("brokers", t);
    }

    /** The first of "10s 60s 600s" rates. */
    private static double firstRate(String rates) {
        if (rates == null || rates.isBlank()) {
            return 0;
        }
        try {
            return Double.parseDouble(rates.trim().split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static long num(Map<String, String> kv, String key) {
        try {
            return kv.containsKey(key) ? (long) Double.parseDouble(kv.get(key).trim()) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static double dbl(Map<String, String> kv, String key) {
        try {
            return kv.containsKey(key) ? Double.parseDouble(kv.get(key).trim()) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The addresses -b or -c name (-c: every broker of the cluster, masters first per broker). */
    /** The brokers of {@code -b} or {@code -c} (exactly one of them): every broker of the cluster, or its masters. */
    static List<BrokerAddress> targets(Invocation in, boolean mastersOnly) {
        ParsedArgs a = in.args();
        a.requireOneOf("brokerAddr", "clusterName");
        if (a.has("brokerAddr")) {
            String addr = a.required("brokerAddr");
            return List.of(new BrokerAddress(null, null, 0, addr));
        }
        String cluster = a.required("clusterName");
        List<BrokerAddress> all = mastersOnly ? in.admin().masters(cluster) : in.admin().brokers(cluster);
        if (all.isEmpty()) {
            throw new dev.petrel.client.ClientException("cluster " + cluster + " has no broker registered");
        }
        return all;
    }

    static Report brokerStatus(Invocation in) {
        boolean byCluster = in.args().has("clusterName");
        Report r = new Report();
        Map<String, Object> json = new TreeMap<>();
        for (BrokerAddress b : targets(in, false)) {
            Map<String, String> kv = new TreeMap<>(in.admin().runtimeInfo(b.address()));
            kv.forEach((k, v) -> r.line((byCluster ? String.format(Locale.ROOT, "%-24s ", b.address()) : "")
                + String.format(Locale.ROOT, "%-32s: %s", k, v)));
            json.put(b.address(), kv);
        }
        return r.put("brokers", json);
    }

    static Report getBrokerConfig(Invocation in) {
        boolean byCluster = in.args().has("clusterName");
        Report r = new Report();
        Map<String, Object> json = new TreeMap<>();
        List<BrokerAddress> targets = targets(in, false);
        Map<String, String> masterOf = new TreeMap<>();
        targets.stream().filter(b -> b.brokerId() == 0 && b.brokerName() != null)
            .forEach(b -> masterOf.put(b.brokerName(), b.address()));
        for (BrokerAddress b : targets) {
            Map<String, String> props = new TreeMap<>(in.admin().admin().brokerConfig(b.address()));
            if (!byCluster) {
                r.line("============" + b.address() + "============");
            } else if (b.brokerId() == 0) {
                r.line("============Master: " + b.address() + "============");
            } else {
                r.line("============My Master: " + masterOf.getOrDefault(b.brokerName(), "") + "=====Slave: "
                    + b.address() + "============");
            }
            if (props.isEmpty()) {
                r.line("Broker[" + b.address() + "] has no config property!");
            }
            props.forEach((k, v) -> r.linef("%-50s=  %s", k, v));
            r.line("");
            json.put(b.address(), props);
        }
        return r.put("brokers", json);
    }

    static Report updateBrokerConfig(Invocation in) {
        String key = in.args().required("key");
        String value = in.args().string("value");
        Report r = new Report();
        List<String> done = new ArrayList<>();
        for (BrokerAddress b : targets(in, true)) {
            in.admin().admin().updateBrokerConfig(b.address(), Map.of(key, value));
            r.linef("update broker config success, %s", b.address());
            done.add(b.address());
        }
        return r.put("brokers", done).put("key", key).put("value", value);
    }

    static Report haStatus(Invocation in) {
        long interval = in.args().longValue("interval", 0, 1, 86_400);
        if (interval == 0) {
            return haStatusOnce(in);
        }
        while (!Thread.currentThread().isInterrupted()) {
            Report r = haStatusOnce(in);
            if (in.json()) {
                in.out().println(r.json());
            } else {
                r.lines().forEach(in.out()::println);
            }
            in.out().flush();
            LockSupport.parkNanos(Duration.ofSeconds(interval).toNanos());
        }
        return null;
    }

    /** mqadmin's haStatus: -b one broker, -c every master of the cluster; a block per broker, blank line first. */
    private static Report haStatusOnce(Invocation in) {
        Report r = new Report();
        List<Map<String, Object>> json = new ArrayList<>();
        for (BrokerAddress b : targets(in, true)) {
            HaRuntimeInfo ha = in.admin().haStatus(b.address());
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("address", b.address());
            r.line("");
            if (ha == null) {
                String role = in.admin().admin().brokerConfig(b.address()).getOrDefault("brokerRole", "unknown");
                entry.put("replication", false);
                entry.put("brokerRole", role);
                r.line("#Broker\t" + b.address());
                r.line("#BrokerRole\t" + role);
                r.line("#HAStatus\tnot reported: the broker does not answer GET_BROKER_HA_STATUS (907), so it runs without "
                    + "replication");
            } else {
                entry.put("replication", true);
                entry.put("status", ha);
                printHa(r, b.address(), ha);
            }
            json.add(entry);
        }
        return r.put("brokers", json);
    }

    private static void printHa(Report r, String address, HaRuntimeInfo ha) {
        if (ha.master()) {
            r.line("#MasterAddr\t" + address);
            r.line("#MasterCommitLogMaxOffset\t" + ha.masterCommitLogMaxOffset());
            r.line("#SlaveNum\t" + ha.haConnectionInfo().size());
            r.line("#InSyncSlaveNum\t" + ha.inSyncSlaveNums());
            Table t = new Table("%-32s  %-16s %16s %16s %16s %16s", "%-32s  %-16d %16d %16.2f %16s %16d",
                "#SlaveAddr", "addr", "#SlaveAckOffset", "slaveAckOffset", "#Diff", "diff",
                "#TransferSpeed(KB/s)", "transferredByteInSecond", "#Status", "inSync", "#TransferFromWhere",
                "transferFromWhere");
            for (HaRuntimeInfo.Connection c : ha.haConnectionInfo()) {
                t.row(new Object[] {c.addr(), c.slaveAckOffset(), c.diff(), c.transferredByteInSecond() / 1024.0,
                    c.inSync() ? "OK" : "Fall Behind", c.transferFromWhere()},
                    new Object[] {c.addr(), c.slaveAckOffset(), c.diff(), c.transferredByteInSecond(), c.inSync(),
                        c.transferFromWhere()});
            }
            t.lines().forEach(r::line);
        } else {
            HaRuntimeInfo.Client c = ha.haClientRuntimeInfo();
            r.line("#MasterAddr\t" + c.masterAddr());
            r.line("#CommitLogMaxOffset\t" + c.maxOffset());
            r.linef("#TransferSpeed(KB/s)\t%.2f", c.transferredByteInSecond() / 1024.0);
            r.line("#LastReadTime\t" + Formats.millis(c.lastReadTimestamp()));
            r.line("#LastWriteTime\t" + Formats.millis(c.lastWriteTimestamp()));
            r.line("#MasterFlushOffset\t" + c.masterFlushOffset());
        }
    }
}
