package dev.petrel.admin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.testkit.FreePorts;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bad command lines (exit 2, a message naming what to fix, nothing sent), help, and servers that cannot be reached
 * (exit 3). No server runs here: a usage error must never need one.
 */
class AdminCliUsageTest {

    private static final String NS = "127.0.0.1:" + FreePorts.next();

    private static Cli.Run usage(String... args) {
        Cli.Run run = Cli.admin(args);
        assertThat(run.exit()).as("%s", run).isEqualTo(AdminCli.USAGE);
        assertThat(run.out()).as("stdout of a usage error").isEmpty();
        return run;
    }

    @Test
    void helpListsEveryCommandAndExitsZero() {
        Cli.Run run = Cli.admin("--help");

        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("usage: petrel admin <command>", "exit codes: 0 ok, 1", "docs/operations.md");
        for (String c : new String[] {"updateTopic", "deleteTopic", "topicList", "topicRoute", "topicStatus", "clusterList",
            "brokerStatus", "getBrokerConfig", "updateBrokerConfig", "updateSubGroup", "deleteSubGroup", "consumerProgress",
            "consumerConnection", "producerConnection", "queryMsgById", "queryMsgByKey", "queryMsgByOffset",
            "resetOffsetByTime", "sendMessage", "consumeMessage", "printMsg", "statsAll", "haStatus", "updateAclConfig",
            "deleteAclConfig", "updateGlobalWhiteAddr", "clusterAclConfigVersion"}) {
            assertThat(run.out()).contains("  " + c + " ");
        }
        assertThat(AdminCli.adminCommands()).hasSize(27);
    }

    @Test
    void noCommandPrintsTheListToStderrWithExitTwo() {
        Cli.Run run = Cli.admin();

        assertThat(run.exit()).isEqualTo(AdminCli.USAGE);
        assertThat(run.err()).contains("commands:");
    }

    @Test
    void everyCommandHasItsOwnHelp() {
        for (Command c : AdminCli.adminCommands()) {
            Cli.Run run = Cli.admin(c.name(), "--help");
            assertThat(run.exit()).as(c.name()).isZero();
            assertThat(run.out()).as(c.name()).startsWith("usage: petrel admin " + c.name())
                .contains("-n, --namesrvAddr ADDR", "--json", "example:", "exit codes:");
            for (Flag f : c.flags()) {
                assertThat(run.out()).as(c.name()).contains(f.usage());
            }
            assertThat(Cli.admin(c.name(), "-h").out()).isEqualTo(run.out());
        }
        assertThat(Cli.admin("help", "topicStatus").out()).startsWith("usage: petrel admin topicStatus -t TOPIC");
    }

    @Test
    void unknownCommandSuggestsTheRightSpelling() {
        Cli.Run run = usage("topicstatus", "-n", NS);

        assertThat(run.err()).contains("unknown command 'topicstatus' (did you mean topicStatus?)",
            "petrel admin --help");
    }

    @Test
    void missingRequiredFlagIsNamed() {
        Cli.Run run = usage("topicStatus", "-n", NS);

        assertThat(run.err()).contains("petrel admin topicStatus: missing required flag -t/--topic TOPIC")
            .contains("run 'petrel admin topicStatus --help'").contains("example: petrel admin topicStatus");
    }

    @Test
    void unknownFlagAndRepeatedFlagAndMissingValueAreNamed() {
        assertThat(usage("topicStatus", "-n", NS, "-t", "T", "-x").err()).contains("unknown flag -x");
        assertThat(usage("topicStatus", "-n", NS, "-t", "T", "--Topic", "U").err())
            .contains("unknown flag --Topic; did you mean -t/--topic?");
        assertThat(usage("topicStatus", "-n", NS, "-t", "T", "-t", "U").err()).contains("flag -t/--topic is given twice");
        assertThat(usage("topicStatus", "-n", NS, "-t").err()).contains("flag -t/--topic needs a value (TOPIC)");
        assertThat(usage("topicStatus", "-t", "-n", NS).err()).contains("flag -t/--topic needs a value");
        assertThat(usage("topicRoute", "-n", NS, "-t", "T", "-lx").err()).contains("flag -l/--list takes no value");
        assertThat(usage("topicRoute", "-n", NS, "-t", "T", "--list=yes").err()).contains("takes no value");
        assertThat(usage("topicStatus", "-n", NS, "-t", "T", "extra").err()).contains("unexpected argument 'extra'");
    }

    @Test
    void badValuesAreRefusedBeforeAnythingIsSent() {
        assertThat(usage("updateTopic", "-n", NS, "-c", "C", "-t", "T", "-r", "eight").err())
            .contains("flag -r/--readQueueNums needs a whole number, got 'eight'");
        assertThat(usage("updateTopic", "-n", NS, "-c", "C", "-t", "T", "-w", "0").err())
            .contains("flag -w/--writeQueueNums must be between 1 and 1024, got 0");
        assertThat(usage("updateTopic", "-n", NS, "-c", "C", "-t", "T", "-o", "yes").err())
            .contains("flag -o/--order takes true or false, got 'yes'");
        assertThat(usage("updateTopic", "-n", NS, "-c", "C", "-t", "T", "-a", "color=red").err())
            .contains("attribute 'color=red' is neither +key=value nor -key");
        assertThat(usage("updateTopic", "-n", NS, "-t", "T").err()).contains("give one of -b/--brokerAddr ADDR or -c/--clusterName CLUSTER");
        assertThat(usage("updateTopic", "-n", NS, "-t", "T", "-b", "x:1", "-c", "C").err()).contains("give only one of");
        assertThat(usage("resetOffsetByTime", "-n", NS, "-g", "G", "-t", "T", "-s", "yesterday").err())
            .contains("takes now, epoch millis or yyyy-MM-dd#HH:mm:ss:SSS, got 'yesterday'");
        assertThat(usage("resetOffsetByTime", "-n", NS, "-g", "G", "-t", "T", "-s", "now", "-q", "1").err())
            .contains("-b/--broker and -q/--queue go together");
        assertThat(usage("printMsg", "-n", NS, "-t", "T", "-c", "NO-SUCH-CHARSET").err()).contains("unknown charset");
        assertThat(usage("updateSubGroup", "-n", NS, "-c", "C", "-g", "G", "-p", "{not json").err())
            .contains("-p/--groupRetryPolicy is not a retry policy in JSON");
        assertThat(usage("sendMessage", "-n", NS, "-t", "T", "-p", "x", "-i", "1").err()).contains("-i/--qid needs -b/--broker");
    }

    @Test
    void theNameServerComesFromTheFlagOrTheEnvironmentAndMustBeHostAndPort() {
        assertThat(usage("topicList").err()).contains("no NameServer address: give -n host:9876 (or set NAMESRV_ADDR)");
        assertThat(usage("topicList", "-n", "localhost").err()).contains("NameServer address 'localhost' is not host:port");
        Cli.Run fromEnv = Cli.run("admin", Map.of("NAMESRV_ADDR", NS), "topicList");
        assertThat(fromEnv.exit()).as("%s", fromEnv).isEqualTo(AdminCli.CANNOT_CONNECT);
    }

    @Test
    void sendWithoutABodyAndConsumeWithABadCountAreUsageErrors() {
        Cli.Run send = Cli.run("send", Map.of(), "-n", NS, "-t", "T");
        assertThat(send.exit()).isEqualTo(AdminCli.USAGE);
        assertThat(send.err()).contains("petrel send: no message body");
        Cli.Run consume = Cli.run("consume", Map.of(), "-n", NS, "-t", "T", "--count", "-3");
        assertThat(consume.exit()).isEqualTo(AdminCli.USAGE);
        assertThat(consume.err()).contains("--count must be between 1 and");
    }

    @Test
    void aNameServerThatDoesNotAnswerIsExitThree() {
        Cli.Run run = Cli.admin("clusterList", "-n", NS);

        assertThat(run.exit()).as("%s", run).isEqualTo(AdminCli.CANNOT_CONNECT);
        assertThat(run.err()).startsWith("petrel admin clusterList failed: cannot connect: ")
            .contains("no NameServer of [" + NS + "] answered; check namesrvAddr");
        Cli.Run json = Cli.admin("clusterList", "-n", NS, "--json");
        assertThat(json.exit()).isEqualTo(AdminCli.CANNOT_CONNECT);
        assertThat(json.json()).containsKey("error");
    }

    @Test
    void aBrokerThatDoesNotAnswerIsExitThree() {
        String broker = "127.0.0.1:" + FreePorts.next();
        Cli.Run run = Cli.admin("brokerStatus", "-n", NS, "-b", broker);

        assertThat(run.exit()).as("%s", run).isEqualTo(AdminCli.CANNOT_CONNECT);
        assertThat(run.err()).contains("cannot connect: ").contains(broker)
            .contains("check the address and that the server runs and listens there");
    }
}
