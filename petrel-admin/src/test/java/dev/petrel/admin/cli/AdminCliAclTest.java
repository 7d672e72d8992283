package dev.petrel.admin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import dev.petrel.embedded.EmbeddedPetrel;
import dev.petrel.testkit.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * {@code petrel admin} against brokers that check ACL, in this JVM over real sockets: one broker with ACL 2.0
 * (authentication and authorization on, a Super user from {@code initAuthenticationUser}) and one with ACL 1.0
 * ({@code aclEnable} and a plain_acl.yml with an admin account). An unsigned command is refused with the broker's code
 * and remark and exit 1, and nothing is changed; the same command signed with {@code --access-key/--secret-key},
 * with $PETREL_ACCESS_KEY/$PETREL_SECRET_KEY or with mqadmin's {@code $ROCKETMQ_HOME/conf/tools.yml} works; a flag
 * without its partner is a usage error before anything is sent; no secret appears in any output or log line.
 */
class AdminCliAclTest {

    private static final String ROOT_SECRET = "rootSecret-4417";
    private static final String ADMIN_SECRET = "adminSecret-9035";
    private static final String PLAIN_ACL = """
        accounts:
          - accessKey: adminKey1
            secretKey: %s
            admin: true
          - accessKey: aliceKey1
            secretKey: aliceSecret-2260
            defaultTopicPerm: PUB
        """.formatted(ADMIN_SECRET);

    private static final ListAppender<ILoggingEvent> LOGS = new ListAppender<>();
    private static Path home;
    private static EmbeddedPetrel v2;
    private static EmbeddedPetrel v1;

    @BeforeAll
    static void start() throws IOException {
        LOGS.start();
        root().addAppender(LOGS);
        home = Files.createTempDirectory("petrel-admin-acl-");
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/plain_acl.yml"), PLAIN_ACL);
        v2 = EmbeddedPetrel.builder().brokerProperty("authenticationEnabled", "true")
            .brokerProperty("authorizationEnabled", "true")
            .brokerProperty("initAuthenticationUser", "{\"username\":\"root\",\"password\":\"" + ROOT_SECRET + "\"}")
            .start();
        v1 = EmbeddedPetrel.builder().brokerProperty("aclEnable", "true")
            .brokerProperty("rocketmqHome", home.toString()).start();
    }

    @AfterAll
    static void stop() throws IOException {
        if (v1 != null) {
            v1.close();
        }
        if (v2 != null) {
            v2.close();
        }
        root().detachAppender(LOGS);
        if (home != null) {
            try (var paths = Files.walk(home)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static Logger root() {
        return (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }

    private static final List<Cli.Run> RUNS = new ArrayList<>();

    private static Cli.Run admin(Map<String, String> env, String... args) {
        Cli.Run run = Cli.run("admin", env, args);
        synchronized (RUNS) {
            RUNS.add(run);
        }
        return run;
    }

    /** The broker registers a new topic with the NameServer in the background. */
    private static void awaitRoute(String ns, String topic, String ak, String sk) {
        Await.until(Duration.ofSeconds(60), "the NameServer routes " + topic, () -> Cli.run("admin", Map.of(),
            "topicRoute", "-n", ns, "-t", topic, "--access-key", ak, "--secret-key", sk).exit() == AdminCli.OK);
    }

    private static Cli.Run admin(String... args) {
        return admin(Map.of(), args);
    }

    @Test
    void aclTwoRefusesAnUnsignedCommandAndRunsTheSignedOne() {
        String ns = v2.namesrvAddr();
        String b = v2.brokerAddr();

        Cli.Run unsigned = admin("updateTopic", "-n", ns, "-b", b, "-t", "AclCliOrders", "--json");
        assertThat(unsigned.exit()).as("%s", unsigned).isEqualTo(AdminCli.REFUSED);
        assertThat(unsigned.err()).contains("code 16 (NO_PERMISSION), username cannot be null.")
            .contains("--access-key AK --secret-key SK");
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) unsigned.json().get("error");
        assertThat(error).containsEntry("responseCode", 16).containsEntry("remark", "username cannot be null.")
            .containsEntry("exitCode", 1);

        Cli.Run wrong = admin("updateTopic", "-n", ns, "-b", b, "-t", "AclCliOrders", "--access-key", "root",
            "--secret-key", "not-the-secret");
        assertThat(wrong.exit()).as("%s", wrong).isEqualTo(AdminCli.REFUSED);
        assertThat(wrong.err()).contains("code 16 (NO_PERMISSION), check signature failed.");
        assertThat(admin("topicRoute", "-n", ns, "-t", "AclCliOrders", "--access-key", "root", "--secret-key",
            ROOT_SECRET).exit()).as("nothing was created while refused").isEqualTo(AdminCli.REFUSED);

        Cli.Run signed = admin("updateTopic", "-n", ns, "-b", b, "-t", "AclCliOrders", "-r", "2", "-w", "2",
            "--access-key", "root", "--secret-key", ROOT_SECRET);
        assertThat(signed.exit()).as("%s", signed).isZero();
        assertThat(signed.lines()).first().isEqualTo("create topic to " + b + " success.");
        awaitRoute(ns, "AclCliOrders", "root", ROOT_SECRET);

        Cli.Run status = admin(Map.of(Invocation.ACCESS_KEY_VARIABLE, "root", Invocation.SECRET_KEY_VARIABLE,
            ROOT_SECRET), "topicStatus", "-n", ns, "-t", "AclCliOrders");
        assertThat(status.exit()).as("%s", status).isZero();
        assertThat(status.lines()).hasSize(3); // header and two queues

        Cli.Run config = admin("getBrokerConfig", "-n", ns, "-b", b, "--access-key", "root", "--secret-key",
            ROOT_SECRET);
        assertThat(config.exit()).as("%s", config).isZero();
        assertThat(config.out()).contains("authenticationEnabled");
    }

    @Test
    void toolsYmlUnderRocketmqHomeSignsAsInMqadmin() throws IOException {
        Path tools = Files.createTempDirectory(home, "tools-");
        Files.createDirectories(tools.resolve("conf"));
        Files.writeString(tools.resolve("conf/tools.yml"), "# as mqadmin's\naccessKey: root\nsecretKey: " + ROOT_SECRET
            + "\n");

        Cli.Run run = admin(Map.of("ROCKETMQ_HOME", tools.toString()), "brokerStatus", "-n", v2.namesrvAddr(), "-b",
            v2.brokerAddr());
        assertThat(run.exit()).as("%s", run).isZero();
        assertThat(run.out()).contains("brokerVersionDesc");

        // the flags win over the file
        Cli.Run flags = admin(Map.of("ROCKETMQ_HOME", tools.toString()), "brokerStatus", "-n", v2.namesrvAddr(), "-b",
            v2.brokerAddr(), "--access-key", "nobody", "--secret-key", "nothing-1");
        assertThat(flags.exit()).as("%s", flags).isEqualTo(AdminCli.REFUSED);
        assertThat(flags.err()).contains("User:nobody is not found.");

        Files.writeString(tools.resolve("conf/tools.yml"), "accessKey: [root\nsecretKey: " + ROOT_SECRET + "\n");
        Cli.Run broken = admin(Map.of("ROCKETMQ_HOME", tools.toString()), "brokerStatus", "-n", v2.namesrvAddr(), "-b",
            v2.brokerAddr());
        assertThat(broken.exit()).as("%s", broken).isEqualTo(AdminCli.USAGE);
        assertThat(broken.err()).contains("tools.yml is not valid YAML").doesNotContain(ROOT_SECRET);
    }

    @Test
    void halfCredentialsAreAUsageErrorAndNothingIsSent() {
        Cli.Run flag = admin("brokerStatus", "-n", "127.0.0.1:1", "-b", "127.0.0.1:2", "--access-key", "root");
        assertThat(flag.exit()).as("%s", flag).isEqualTo(AdminCli.USAGE);
        assertThat(flag.err()).contains("give both --access-key and --secret-key");

        Cli.Run env = admin(Map.of(Invocation.SECRET_KEY_VARIABLE, ROOT_SECRET), "brokerStatus", "-n", "127.0.0.1:1",
            "-b", "127.0.0.1:2");
        assertThat(env.exit()).as("%s", env).isEqualTo(AdminCli.USAGE);
        assertThat(env.err()).contains("give both $PETREL_ACCESS_KEY and $PETREL_SECRET_KEY");
    }

    @Test
    void aclOneRefusesAnUnsignedCommandAndRunsTheSignedOne() {
        String ns = v1.namesrvAddr();
        String b = v1.brokerAddr();

        Cli.Run unsigned = admin("updateTopic", "-n", ns, "-b", b, "-t", "PlainCliOrders");
        assertThat(unsigned.exit()).as("%s", unsigned).isEqualTo(AdminCli.REFUSED);
        assertThat(unsigned.err()).contains("code 1 (SYSTEM_ERROR), "
            + "org.apache.rocketmq.acl.common.AclException: No accessKey is configured").contains("--access-key");

        Cli.Run notAdmin = admin("updateTopic", "-n", ns, "-b", b, "-t", "PlainCliOrders", "--access-key",
            "aliceKey1", "--secret-key", "aliceSecret-2260");
        assertThat(notAdmin.exit()).as("%s", notAdmin).isEqualTo(AdminCli.REFUSED);
        assertThat(notAdmin.err()).contains("Need admin permission for request code=17, but accessKey=aliceKey1 is not");

        Cli.Run signed = admin("updateTopic", "-n", ns, "-b", b, "-t", "PlainCliOrders", "--access-key", "adminKey1",
            "--secret-key", ADMIN_SECRET);
        assertThat(signed.exit()).as("%s", signed).isZero();
        awaitRoute(ns, "PlainCliOrders", "adminKey1", ADMIN_SECRET);

        Cli.Run send = admin(Map.of(Invocation.ACCESS_KEY_VARIABLE, "aliceKey1", Invocation.SECRET_KEY_VARIABLE,
            "aliceSecret-2260"), "sendMessage", "-n", ns, "-t", "PlainCliOrders", "-p", "hello");
        assertThat(send.exit()).as("%s", send).isZero();
        assertThat(send.out()).contains("SEND_OK");
    }

    @Test
    void aclOneAccountsAreManagedWithMqadminsCommands() throws IOException {
        String ns = v1.namesrvAddr();
        String b = v1.brokerAddr();
        String[] asAdmin = {"--access-key", "adminKey1", "--secret-key", ADMIN_SECRET};

        Cli.Run created = admin(cat(new String[] {"updateAclConfig", "-n", ns, "-b", b, "-a", "carolKey1", "-s",
            "carolSecret-5190", "-i", "DENY", "-t", "carolTopic=PUB"}, asAdmin));
        assertThat(created.exit()).as("%s", created).isZero();
        assertThat(created.lines()).first().isEqualTo("create or update plain access config to " + b + " success.");
        assertThat(created.out()).contains("secretKey='******'").doesNotContain("carolSecret-5190");
        assertThat(Files.readString(home.resolve("conf/plain_acl.yml"))).contains("carolKey1", "carolTopic=PUB");

        Cli.Run versions = admin(cat(new String[] {"clusterAclConfigVersion", "-n", ns, "-b", b, "--json"}, asAdmin));
        assertThat(versions.exit()).as("%s", versions).isZero();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) versions.json().get("versions");
        assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row).containsEntry("brokerAddr", b).containsEntry("brokerName", EmbeddedPetrel.BROKER_NAME);
            assertThat(((Number) row.get("counter")).longValue()).isPositive();
            assertThat((String) row.get("aclFilePath")).endsWith("plain_acl.yml");
        });

        Cli.Run white = admin(cat(new String[] {"updateGlobalWhiteAddr", "-n", ns, "-b", b, "-g", "10.10.103.*"},
            asAdmin));
        assertThat(white.exit()).as("%s", white).isZero();
        assertThat(Files.readString(home.resolve("conf/plain_acl.yml"))).contains("10.10.103.*");

        Cli.Run deleted = admin(cat(new String[] {"deleteAclConfig", "-n", ns, "-b", b, "-a", "carolKey1"}, asAdmin));
        assertThat(deleted.exit()).as("%s", deleted).isZero();
        Cli.Run again = admin(cat(new String[] {"deleteAclConfig", "-n", ns, "-b", b, "-a", "carolKey1"}, asAdmin));
        assertThat(again.exit()).as("%s", again).isEqualTo(AdminCli.REFUSED);
        assertThat(again.err()).contains("code 210", "The accessKey[carolKey1] corresponding to accessConfig has been "
            + "deleted failed.");

        Cli.Run shortSecret = admin(cat(new String[] {"updateAclConfig", "-n", ns, "-b", b, "-a", "carolKey1", "-s",
            "tiny"}, asAdmin));
        assertThat(shortSecret.exit()).as("%s", shortSecret).isEqualTo(AdminCli.REFUSED);
        assertThat(shortSecret.err()).contains("code 209", "7 characters or more").doesNotContain("tiny");
    }

    private static String[] cat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void noSecretInAnyOutputOrLogLine() {
        // runs its own signed and refused commands, so the check does not depend on the other tests' order
        admin("getBrokerConfig", "-n", v2.namesrvAddr(), "-b", v2.brokerAddr(), "--access-key", "root", "--secret-key",
            ROOT_SECRET);
        admin("getBrokerConfig", "-n", v1.namesrvAddr(), "-b", v1.brokerAddr(), "--access-key", "adminKey1",
            "--secret-key", ADMIN_SECRET);
        admin("getBrokerConfig", "-n", v1.namesrvAddr(), "-b", v1.brokerAddr(), "--access-key", "adminKey1",
            "--secret-key", ADMIN_SECRET + "-wrong");
        List<Cli.Run> runs;
        synchronized (RUNS) {
            runs = List.copyOf(RUNS);
        }
        assertThat(runs).hasSizeGreaterThanOrEqualTo(3);
        for (Cli.Run run : runs) {
            assertThat(run.out() + run.err()).as("%s", run).doesNotContain(ROOT_SECRET).doesNotContain(ADMIN_SECRET);
        }
        List<ILoggingEvent> events;
        synchronized (LOGS) {
            events = List.copyOf(LOGS.list);
        }
        for (ILoggingEvent e : events) {
            String text = e.getFormattedMessage() + (e.getThrowableProxy() == null ? ""
                : ThrowableProxyUtil.asString(e.getThrowableProxy()));
            assertThat(text).as("log line of %s", e.getLoggerName()).doesNotContain(ROOT_SECRET)
                .doesNotContain(ADMIN_SECRET);
        }
    }
}
