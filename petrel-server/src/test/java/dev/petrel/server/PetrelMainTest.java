package dev.petrel.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher as an operator meets it: a real JVM, its console lines, its exit code, its log file. */
class PetrelMainTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Pattern READY = Pattern.compile("Petrel (\\w+) ready in (\\d+) ms: NameServer on ([\\d.]+):(\\d+) .*");

    @TempDir
    Path dir;

    private final List<ChildJvm> children = new ArrayList<>();

    @AfterEach
    void stopChildren() {
        children.forEach(ChildJvm::close);
    }

    private ChildJvm petrel(String name, String... args) {
        List<String> jvm = List.of("-Xmx128m", "-Dpetrel.log.dir=" + dir.resolve("logs"),
            "-Dlogback.configurationFile=" + Path.of("target", "classes", "logback.xml").toAbsolutePath());
        ChildJvm child = ChildJvm.start(name, System.getProperty("java.class.path"), jvm, PetrelMain.class.getName(),
            List.of(args), Map.of(), dir.resolve(name + ".out"));
        children.add(child);
        return child;
    }

    private Path conf(String text) throws IOException {
        Path file = Files.createTempFile(dir, "petrel", ".conf");
        Files.writeString(file, text + "\nkvConfigPath=" + dir.resolve("kvConfig.json") + "\n");
        return file;
    }

    @Test
    void namesrvPrintsOneReadyLineServesRoutesAndStopsCleanlyOnSigterm() throws Exception {
        Path conf = conf("listenPort=0\nbindAddress=127.0.0.1\nfooBar=1\nbrokerClusterName=x");
        ChildJvm namesrv = petrel("namesrv", "namesrv", "-c", conf.toString());

        String ready = namesrv.awaitLine(WAIT, "the ready line", line -> READY.matcher(line).find());
        Matcher m = READY.matcher(ready);
        assertThat(m.find()).isTrue();
        assertThat(m.group(1)).isEqualTo("namesrv");
        assertThat(namesrv.lines()).anyMatch(l -> l.endsWith("unknown property 'fooBar' in " + conf + " is ignored"))
            .anyMatch(l -> l.endsWith("unknown property 'brokerClusterName' in " + conf + " is ignored"));

        try (RemotingClient client = new RemotingClient("probe", RemotingClientConfig.defaults(), Clock.system())) {
            client.start();
            RemotingCommand response = client.invokeSync("127.0.0.1:" + m.group(4), RemotingCommand.request(105,
                RecordHeaderCodec.of(GetRouteInfoRequestHeader.class).encode(new GetRouteInfoRequestHeader("T", null,
                    null)), null), 30_000); // a cold child on a busy machine: outcomes are tested, not speed
            assertThat(response.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        }

        assertThat(sigterm(namesrv)).as("SIGTERM: the JVM's exit code after a clean shutdown").isEqualTo(143);
        assertThat(namesrv.lines()).anyMatch(l -> l.endsWith("Petrel namesrv stopped"));
        assertThat(Files.readString(dir.resolve("logs/namesrv.log"))).contains("NameServer started on")
            .contains("Petrel namesrv stopped");
    }

    /** SIGTERM through the process handle: Process.destroy() would also close the child's output before it is read. */
    static int sigterm(ChildJvm child) {
        child.process().toHandle().destroy();
        assertThat(child.waitForExit(WAIT)).as("exited after SIGTERM").isTrue();
        return child.process().exitValue();
    }

    @Test
    void theCanaryCommandReadsItsPropertiesAndRefusesAWindowTooSmallForTheGracePeriod() throws Exception {
        ChildJvm print = petrel("canary-print", "canary", "-c", conf("canaryTopic=Watched").toString(), "-n",
            "10.0.0.1:9876", "-p");
        assertThat(print.waitForExit(WAIT)).isTrue();
        assertThat(print.process().exitValue()).isZero();
        assertThat(print.lines()).contains("namesrvAddr=10.0.0.1:9876", "canaryTopic=Watched", "canaryGraceMs=60000",
            "metricsPromExporterPort=5559");

        ChildJvm bad = petrel("canary-bad", "canary", "-c", conf("canarySendIntervalMs=1").toString());
        assertThat(bad.waitForExit(WAIT)).isTrue();
        assertThat(bad.process().exitValue()).isEqualTo(1);
        assertThat(bad.lines()).anyMatch(l -> l.contains("Petrel canary failed to start: bad configuration: property "
            + "canaryWindow=4096 cannot hold"));
    }

    @Test
    void aBadValueStopsTheStartWithItsMessageAndNoStackTrace() throws Exception {
        ChildJvm namesrv = petrel("bad", "namesrv", "-c", conf("listenPort=ninety").toString());

        assertThat(namesrv.waitForExit(WAIT)).isTrue();
        assertThat(namesrv.process().exitValue()).isEqualTo(1);
        assertThat(namesrv.lines()).anyMatch(l -> l.contains("Petrel namesrv failed to start: bad configuration in ")
            && l.endsWith("property listenPort: 'ninety' is not an integer"));
        assertThat(namesrv.lines()).noneMatch(l -> l.startsWith("\tat ") || l.contains("Exception"));
    }

    @Test
    void dashPPrintsEveryPropertyAndExits() throws Exception {
        ChildJvm print = petrel("print", "namesrv", "-c", conf("orderMessageEnable=true").toString(), "-p");

        assertThat(print.waitForExit(WAIT)).isTrue();
        assertThat(print.process().exitValue()).isZero();
        assertThat(print.lines()).contains("listenPort=9876", "orderMessageEnable=true", "serverSelectorThreads=3",
            "brokerChannelExpiredTimeMillis=120000");
    }

    @Test
    void standaloneRunsTheNameServerOnThePortOfNamesrvAddrAndABrokerRegisteredWithItAndTheToolsWorkAgainstIt() throws Exception {
        int port = dev.petrel.testkit.FreePorts.next();
        int brokerPort = dev.petrel.testkit.FreePorts.next();
        int metricsPort = dev.petrel.testkit.FreePorts.next();
        int dashboardPort = dev.petrel.testkit.FreePorts.next();
        ChildJvm standalone = petrel("standalone", "standalone", "-c",
            conf("bindAddress=127.0.0.1\nbrokerIP1=127.0.0.1\nlistenPort=" + brokerPort + "\nstorePathRootDir="
                + dir.resolve("store") + "\nmetricsExporterType=PROM\nmetricsPromExporterHost=127.0.0.1\n"
                + "metricsPromExporterPort=" + metricsPort + "\ncanaryEnable=true\ncanarySendIntervalMs=50\n"
                + "canaryDiscoveryIntervalMs=200\ndashboardEnable=true\ndashboardPort=" + dashboardPort).toString(),
            "-n", "127.0.0.1:" + port);

        String ready = standalone.awaitLine(WAIT, "the ready line", line -> line.contains("Petrel standalone ready in "));
        assertThat(ready).contains("NameServer on 127.0.0.1:" + port + ", ")
            .contains("broker broker-a of cluster DefaultCluster on 127.0.0.1:" + brokerPort)
            .contains("store " + dir.resolve("store"))
            .contains("metrics on http://127.0.0.1:" + metricsPort + "/metrics")
            .contains("canary on topic PETREL_CANARY (run ")
            .contains("dashboard on http://127.0.0.1:" + dashboardPort + "/");
        assertThat(standalone.lines()).noneMatch(l -> l.contains("WARN"));

        // the operator tools through the launcher, against it
        String ns = "127.0.0.1:" + port;
        ChildJvm create = tool("updateTopic", "admin", "updateTopic", "-n", ns, "-c", "DefaultCluster", "-t", "ToolTopic",
            "-r", "1", "-w", "1");
        assertThat(create.lines()).contains("create topic to 127.0.0.1:" + brokerPort + " success.");
        ChildJvm send = tool("send", "send", "-n", ns, "-t", "ToolTopic", "-k", "k1", "hello", "launcher");
        assertThat(send.lines()).singleElement().satisfies(l -> assertThat(l).startsWith("SEND_OK msgId="));
        // One endpoint serves both roles of standalone.
        dev.petrel.testkit.PrometheusText scrape = dev.petrel.testkit.PrometheusText.scrape(metricsPort);
        assertThat(scrape.value("rocketmq_messages_in_total", "topic", "ToolTopic", "node_id", "broker-a")).contains(1.0);
        assertThat(scrape.value("petrel_namesrv_broker_addresses")).contains(1.0);
        // canaryEnable: the canary runs against standalone's broker and its families join the same endpoint
        dev.petrel.testkit.Await.until(Duration.ofSeconds(60), "the canary received messages from broker-a",
            () -> dev.petrel.testkit.PrometheusText.scrape(metricsPort)
                .value("petrel_canary_received_messages_total", "broker", "broker-a").orElse(0.0) >= 5);
        assertThat(dev.petrel.testkit.PrometheusText.scrape(metricsPort)
            .value("petrel_canary_lost_messages_total", "broker", "broker-a")).contains(0.0);
        // standalone's web dashboard administers its own NameServer
        java.net.http.HttpResponse<String> topics = java.net.http.HttpClient.newHttpClient().send(
            java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + dashboardPort + "/api/topics"))
                .timeout(WAIT).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(topics.statusCode()).isEqualTo(200);
        assertThat(topics.body()).contains("\"topic\":\"ToolTopic\"");
        // and its canary page shows the report of the canary of the same process
        java.net.http.HttpResponse<String> canary = java.net.http.HttpClient.newHttpClient().send(
            java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + dashboardPort + "/api/canary"))
                .timeout(WAIT).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(canary.statusCode()).isEqualTo(200);
        assertThat(canary.body()).contains("\"running\":true", "\"topic\":\"PETREL_CANARY\"", "\"broker\":\"broker-a\"");
        ChildJvm status = tool("topicStatus", "admin", "topicStatus", "-n", ns, "-t", "ToolTopic");
        assertThat(status.lines().get(1)).startsWith(String.format("%-32s  %-4d  %-20d  %-20d", "broker-a", 0, 0, 1));
        ChildJvm consume = tool("consume", "consume", "-n", ns, "-t", "ToolTopic", "--count", "1");
        assertThat(consume.lines()).singleElement().satisfies(l -> assertThat(l).startsWith("broker-a/0 offset=0 msgId=")
            .endsWith("keys=[k1] tags= body=hello launcher"));

        assertThat(sigterm(standalone)).isEqualTo(143);
        assertThat(standalone.lines()).anyMatch(l -> l.endsWith("Petrel standalone stopped"));
        assertThat(Files.exists(dir.resolve("store/config/topics.json"))).as("metadata persisted at shutdown").isTrue();
    }

    /** Runs a tool to its end; it must exit 0 and print no log lines (the console is its output). */
    private ChildJvm tool(String name, String... args) {
        ChildJvm child = petrel("tool-" + name, args);
        assertThat(child.waitForExit(WAIT)).as(name + " exited").isTrue();
        assertThat(child.process().exitValue()).as(name + ":\n" + child.tail()).isZero();
        assertThat(child.lines()).as(name).noneMatch(l -> l.contains(" WARN ") || l.contains(" INFO "));
        return child;
    }

    @Test
    void theToolsAnswerHelpAndSayWhenNoNameServerAnswers() throws Exception {
        ChildJvm help = petrel("admin-help", "admin", "--help");
        assertThat(help.waitForExit(WAIT)).isTrue();
        assertThat(help.process().exitValue()).isZero();
        assertThat(help.lines()).anyMatch(l -> l.startsWith("  topicStatus ")).anyMatch(l -> l.startsWith("  haStatus "));

        ChildJvm dead = petrel("admin-dead", "admin", "clusterList", "-n", "127.0.0.1:" + dev.petrel.testkit.FreePorts.next());
        assertThat(dead.waitForExit(WAIT)).isTrue();
        assertThat(dead.process().exitValue()).as("cannot connect").isEqualTo(3);
        assertThat(dead.lines()).anyMatch(l -> l.startsWith("petrel admin clusterList failed: cannot connect: "));

        ChildJvm usage = petrel("send-usage", "send", "-t", "T");
        assertThat(usage.waitForExit(WAIT)).isTrue();
        assertThat(usage.process().exitValue()).as("usage error").isEqualTo(2);
    }

    @Test
    void theBrokerCommandRunsABrokerFromBrokerConf() throws Exception {
        int port = dev.petrel.testkit.FreePorts.next();
        ChildJvm broker = petrel("broker", "broker", "-c", conf("listenPort=" + port + "\nbindAddress=127.0.0.1\n"
            + "brokerIP1=127.0.0.1\nbrokerName=broker-b\nstorePathRootDir=" + dir.resolve("bstore")).toString());
        String ready = broker.awaitLine(WAIT, "the ready line", line -> line.contains("Petrel broker ready in "));
        assertThat(ready).contains("broker broker-b of cluster DefaultCluster on 127.0.0.1:" + port);
        assertThat(sigterm(broker)).isEqualTo(143);
        assertThat(broker.lines()).anyMatch(l -> l.endsWith("Petrel broker stopped"));
    }
}
