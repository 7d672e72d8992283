package dev.petrel.server.config;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.client.ClientConfig;
import dev.petrel.client.admin.AdminConfig;
import dev.petrel.client.consumer.LitePullConsumerConfig;
import dev.petrel.client.consumer.PullConsumerConfig;
import dev.petrel.client.consumer.PushConsumerConfig;
import dev.petrel.client.producer.ProducerConfig;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingCommonConfig;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.server.launch.StandaloneConfig;
import dev.petrel.store.StoreConfig;
import dev.petrel.store.timer.TimerConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Generates {@code docs/configuration.md} from the components' {@link ConfigDef}s, so the reference cannot drift from
 * the code ({@code ConfigReferenceTest} fails when the committed file differs, and when a component's
 * {@code ConfigDef} has a key no section shows). A component adds its section with one line in {@link #SECTIONS}.
 *
 * <p>Run: {@code java -cp <petrel-server classpath> dev.petrel.server.config.ConfigReference docs/configuration.md},
 * or {@code mvn -B -q -pl petrel-server -am test -Dtest=ConfigReferenceTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dpetrel.regenerateDocs=true}.
 */
public final class ConfigReference {

    /** One section of the reference: a heading, a paragraph, a table. */
    public record Section(String title, String intro, ConfigDef definition) {
    }

    /** How client keys are set, said once for all client sections. */
    private static final String CLIENT_INTRO = "Petrel's Java client (docs/client.md) takes RocketMQ's client property "
        + "names: through a builder's methods (`namesrvAddr(...)`, `group(...)`, ...), typed with `set(ConfigKey, value)` "
        + "(the keys are constants of `ClientConfig`, `ProducerConfig`, `PushConsumerConfig`, "
        + "`LitePullConsumerConfig`, `PullConsumerConfig`, `AdminConfig`, `RemotingClientConfig`), or by name with "
        + "`properties(java.util.Properties)`. Each builder also accepts the Client, Remoting client and shared "
        + "Remoting keys. A key shown with `-D...` or `$...` falls back to that JVM system property or environment "
        + "variable when the builder does not set it, as in RocketMQ; an application that sets `-Drocketmq.client.name` "
        + "or `-Dcom.rocketmq.sendLatencyEnable=true` for Apache's client gets the same from Petrel's.";

    public static final List<Section> SECTIONS = List.of(
        new Section("NameServer", "Read by `petrel namesrv` and by the NameServer of `petrel standalone` (RocketMQ's "
            + "`NamesrvConfig`, plus the port).", NamesrvConfig.OWN),
        new Section("Broker", "Read by `petrel broker` and by the broker of `petrel standalone` (RocketMQ's "
            + "`BrokerConfig`, for what Petrel implements). A broker.conf also holds the Transactions, Request-reply, Store, "
            + "Timer, Remoting server, Remoting client and shared Remoting properties below. Dynamic "
            + "properties change with `mqadmin updateBrokerConfig` (UPDATE_BROKER_CONFIG) and are kept in "
            + "`<storePathRootDir>/config/brokerDynamic.properties`, applied over broker.conf at the next start.",
            BrokerConfig.DEF),
        new Section("Transactions", "Read by the broker: the check-back of transactional half messages (RocketMQ's "
            + "`BrokerConfig` names); see docs/architecture.md.", dev.petrel.broker.transaction.TransactionConfig.DEF),
        new Section("Authentication and authorization (ACL 2.0)", "Read by the broker (RocketMQ 5.3's `AuthConfig` "
            + "names); users and ACLs live in `config/auth.json` under `storePathRootDir`; see docs/security.md. The two "
            + "JSON keys hold secrets: getBrokerConfig and logs show `******`.", dev.petrel.broker.auth.AuthConfig.DEF),
        new Section("Request-reply", "Read by the broker (RocketMQ's `BrokerConfig` names).",
            dev.petrel.broker.reply.ReplyConfig.DEF),
        new Section("Store", "Read by the broker (RocketMQ's `MessageStoreConfig`); see docs/storage.md.", StoreConfig.DEF),
        new Section("Replication (master/slave)", "RocketMQ's classic HA keys (`MessageStoreConfig`, `BrokerConfig`), "
            + "read by the broker's classic replication (docs/architecture.md, \"Replication\"; a pair on one machine: "
            + "docs/operations.md). The role is `brokerRole` and a slave's id `brokerId` (Broker section): every "
            + "master listens on `haListenPort` for slaves; a SYNC_MASTER answers a send once a slave holds it; a "
            + "SLAVE (brokerId > 0) follows `haMasterAddress` or the master its NameServer announces, copies the "
            + "master's metadata every `slaveSynchronizeInterval` and serves pulls. `slaveReadEnable` and "
            + "`accessMessageInMemoryMaxRatio` (Broker section) steer pulls to slaves.",
            dev.petrel.broker.ha.HaConfig.DEF),
        new Section("Timer", "Read by the broker (RocketMQ 5's timer keys of `MessageStoreConfig`): timer messages "
            + "(`setDelayTimeSec`, `setDelayTimeMs`, `setDeliverTimeMs`); see docs/storage.md, \"Timer\".",
            TimerConfig.DEF),
        new Section("DLedger mode: Raft", "Read by the broker when `enableDLegerCommitLog=true` (petrel-raft's "
            + "`RaftConfig`): the group's members and the Raft timings. The brokers of one `dLegerGroup` share "
            + "`brokerName` and `dLegerPeers`; the leader registers as brokerId 0, the others as their "
            + "`dLegerSelfId` number + 1 (`brokerId` and `brokerRole` are ignored). See docs/architecture.md, "
            + "\"DLedger mode\", docs/storage.md, \"DLedger mode\", and docs/operations.md for a three-node group.",
            dev.petrel.raft.RaftConfig.DEF),
        new Section("DLedger mode: broker", "Read by the broker: the switch, how long a send waits for the group's "
            + "commit, the Raft transport between the group's brokers and the raft index; see docs/architecture.md, "
            + "\"DLedger mode\". `transientStorePoolEnable` must stay false in DLedger mode.",
            dev.petrel.broker.dledger.DLedgerConfig.DEF),
        new Section("Metrics (broker)", "Read by `petrel broker` and standalone (RocketMQ 5's exporter keys; "
            + "docs/operations.md, \"Metrics\"). Unlike RocketMQ the Prometheus endpoint is on by default; "
            + "`metricsExporterType=DISABLE` opens no port. Standalone serves its NameServer's and broker's families on "
            + "one endpoint, the broker's port. A port in use stops the start with a message naming "
            + "`metricsPromExporterPort`. The embedded mode opens no endpoint (docs/embedded.md).",
            dev.petrel.metrics.MetricsConfig.BROKER),
        new Section("Metrics (NameServer)", "Read by `petrel namesrv`: the same keys with the NameServer's own port "
            + "(5558, so a NameServer and a broker fit on one host).", dev.petrel.metrics.MetricsConfig.NAMESRV),
        new Section("Dashboard", "Read by `petrel dashboard -n ADDR` and by the dashboard of `petrel standalone` "
            + "(docs/dashboard.md). The dashboard speaks only the admin protocol, so `petrel dashboard` also serves an "
            + "Apache RocketMQ cluster. It binds 127.0.0.1 unless `dashboardAddress` says otherwise: it has no login. "
            + "Test builds set `PETREL_DASHBOARD_ENABLE=false` in Surefire's environment, so no fixture binds 8082.",
            dev.petrel.dashboard.DashboardConfig.DEF),
        new Section("Admin CLI", "Read by `petrel admin` (and `petrel send` / `consume`) besides its flags; its "
            + "credentials come from `--access-key`/`--secret-key`, `$PETREL_ACCESS_KEY`/`$PETREL_SECRET_KEY` or this "
            + "file (docs/operations.md, \"Admin CLI\").", dev.petrel.admin.cli.AdminToolConfig.DEF),
        new Section("Standalone", "Read by `petrel standalone` in addition to its roles' properties. Unless the "
            + "configuration says otherwise, standalone keeps its data in `~/petrel` (the broker's store in "
            + "`~/petrel/store`, the NameServer's files in `~/petrel/namesrv`) and names its broker `broker-a`.",
            StandaloneConfig.DEFINITION),
        new Section("Canary", "Read by `petrel canary` (and by standalone's canary when `canaryEnable=true`): the "
            + "correctness canary's topic, timings and memory; see docs/operations.md, \"Correctness canary\".",
            dev.petrel.canary.CanaryConfig.OWN),
        new Section("Metrics (canary)", "Read by `petrel canary`: the metrics keys with the canary's own port (5559, "
            + "beside a broker's 5557 and a NameServer's 5558). Standalone's canary serves its families on the "
            + "standalone's endpoint.", dev.petrel.canary.CanaryConfig.METRICS),
        new Section("Canary in standalone", "Read by `petrel standalone`: whether it runs a canary against its own "
            + "broker (the Canary keys then apply to it).", dev.petrel.canary.CanaryConfig.IN_STANDALONE),
        new Section("Remoting server", "Read by every server role (RocketMQ's `NettyServerConfig`). `listenPort` is "
            + "listed here for completeness; each role sets its own default.", RemotingServerConfig.DEFINITION),
        new Section("Remoting client", "Read by the broker (its connections to the NameServers and the check-backs' "
            + "client side) and by every Petrel client (RocketMQ's `NettyClientConfig`). Apache's client also reads "
            + "several of them from `com.rocketmq.remoting.*` system properties; so does Petrel, when the key is not "
            + "set.", RemotingClientConfig.DEFINITION),
        new Section("Remoting, shared", "Read by every role and client that opens or accepts connections. The `tls.*` "
            + "keys are RocketMQ's TLS system properties (each also read as `-D<key>`); modes, reload and mutual TLS: "
            + "docs/security.md, \"TLS\".",
            RemotingCommonConfig.DEFINITION),
        new Section("Client, shared", CLIENT_INTRO + " These keys apply to every client (RocketMQ's `ClientConfig`).",
            ClientConfig.DEFINITION),
        new Section("Producer", "`PetrelProducer.builder()` (RocketMQ's `DefaultMQProducer`).",
            ProducerConfig.DEFINITION),
        new Section("Push consumer", "`PetrelPushConsumer.builder()` (RocketMQ's `DefaultMQPushConsumer`; the two "
            + "`rocketmq.client.rebalance.lock*` keys are system properties in Apache, read by orderly consumers).",
            PushConsumerConfig.DEFINITION),
        new Section("Lite pull consumer", "`PetrelLitePullConsumer.builder()` (RocketMQ's `DefaultLitePullConsumer`).",
            LitePullConsumerConfig.DEFINITION),
        new Section("Pull consumer", "`PetrelPullConsumer.builder()` (RocketMQ's `DefaultMQPullConsumer`).",
            PullConsumerConfig.DEFINITION),
        new Section("Admin client", "`PetrelAdmin.builder()` (RocketMQ's `DefaultMQAdminExt`).", AdminConfig.DEFINITION));


    private ConfigReference() {
    }

    /** The whole document. */
    public static String render() {
        StringBuilder doc = new StringBuilder();
        doc.append("# Configuration reference\n\n")
            .append("<!-- Generated by dev.petrel.server.config.ConfigReference from the code; do not edit by hand. -->\n\n")
            .append("Petrel reads RocketMQ's property files: `bin/petrel namesrv -c namesrv.conf`, ")
            .append("`bin/petrel broker -c broker.conf`. The syntax is `java.util.Properties` (`key=value`, `#` ")
            .append("comments, UTF-8) and the names and defaults are RocketMQ's; what Petrel adds is marked ")
            .append("*Petrel extension*. `-n ADDR` sets `namesrvAddr`, `-p` prints every property with its value and ")
            .append("exits.\n\n")
            .append("A property the running command does not read is reported with one warning line and ignored; a ")
            .append("value that does not parse or is out of range stops the start with a message naming it (exit code ")
            .append("1). Paths may start with `${user.home}`. *Dynamic* properties can be changed while running: the ")
            .append("NameServer's with `mqadmin updateNamesrvConfig` (UPDATE_NAMESRV_CONFIG; the change is also saved to ")
            .append("`configStorePath`), the broker's with `mqadmin updateBrokerConfig` (UPDATE_BROKER_CONFIG; see ")
            .append("Broker). All others need a restart.\n");
        for (Section section : SECTIONS) {
            doc.append("\n## ").append(section.title()).append("\n\n").append(section.intro()).append("\n\n")
                .append(section.definition().toMarkdownTable());
        }
        return doc.toString();
    }

    /** Writes the document to the file named by the first argument, or to standard output. */
    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.out.print(render());
        } else {
            Files.writeString(Path.of(args[0]), render(), StandardCharsets.UTF_8);
        }
    }
}
