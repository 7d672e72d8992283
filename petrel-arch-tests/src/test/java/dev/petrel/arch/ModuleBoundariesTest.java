package dev.petrel.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The dependency rules of docs/architecture.md, checked on Petrel's compiled main classes. Maven module dependencies
 * and enforcer bans stop whole modules from leaking in; these rules also cover packages inside a module (remoting
 * may see only the frame and code tables of petrel-protocol) and the use of time.
 */
class ModuleBoundariesTest {

    private static JavaClasses petrel;

    @BeforeAll
    static void importPetrel() {
        petrel = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.petrel");
        // Under `mvn verify` the modules arrive as jars, under `mvn test` as class folders: both must be scanned,
        // and an empty import would make every rule below pass vacuously.
        for (String module : new String[] {"common", "message", "protocol", "remoting", "store", "raft", "namesrv", "broker",
            "client", "admin", "canary", "dashboard", "server", "embedded"}) {
            long count = petrel.stream().filter(c -> c.getPackageName().startsWith("dev.petrel." + module)).count();
            if (count < 5) {
                throw new AssertionError("only " + count + " classes of dev.petrel." + module + " were imported");
            }
        }
    }

    private static void check(ArchRule rule) {
        rule.check(petrel);
    }

    @Test
    void commonDependsOnNothingPetrelAndNoNetty() {
        check(noClasses().that().resideInAPackage("dev.petrel.common..")
            .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "dev.petrel.message..", "dev.petrel.protocol..",
                "dev.petrel.remoting..", "dev.petrel.store..", "dev.petrel.namesrv..", "dev.petrel.broker..", "dev.petrel.client..",
                "dev.petrel.server.."));
    }

    @Test
    void protocolIsPureData() {
        check(noClasses().that().resideInAPackage("dev.petrel.protocol..")
            .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "java.nio.channels..", "java.net..",
                "dev.petrel.remoting..", "dev.petrel.store..", "dev.petrel.broker..", "dev.petrel.client..", "dev.petrel.namesrv..")
            .because("protocol codecs must be fuzzable alone: no I/O, no threads, no Netty"));
    }

    @Test
    void storeKnowsNothingOfTheNetwork() {
        check(noClasses().that().resideInAPackage("dev.petrel.store..")
            .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "dev.petrel.protocol..", "dev.petrel.remoting..",
                "dev.petrel.broker..", "dev.petrel.namesrv..", "dev.petrel.client.."));
    }

    @Test
    void raftDependsOnCommonOnly() {
        check(noClasses().that().resideInAPackage("dev.petrel.raft..")
            .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "dev.petrel.message..", "dev.petrel.protocol..",
                "dev.petrel.remoting..", "dev.petrel.store..", "dev.petrel.namesrv..", "dev.petrel.broker..",
                "dev.petrel.client..", "dev.petrel.server..", "dev.petrel.embedded..", "dev.petrel.testkit..")
            .because("raft knows nothing of the store or the network; the broker supplies adapters for both"));
    }

    @Test
    void raftIsAPureStateMachine() {
        check(noClasses().that().resideInAPackage("dev.petrel.raft..")
            .should().dependOnClassesThat().resideInAnyPackage("java.net..", "java.nio.channels..", "java.nio.file..",
                "java.util.concurrent..")
            .orShould().dependOnClassesThat().belongToAnyOf(Thread.class, java.io.File.class,
                java.io.RandomAccessFile.class, java.util.Random.class,
                java.util.concurrent.ThreadLocalRandom.class)
            .orShould().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(System.class, "nanoTime")
            .because("the Raft core takes events, now and an injected random source, and returns effects: no threads, "
                + "sockets, files, clocks or hidden randomness, so the simulation replays a seed exactly"));
    }

    @Test
    void onlyTheBrokerAndTheServerUseRaft() {
        check(noClasses().that().resideOutsideOfPackages("dev.petrel.raft..", "dev.petrel.broker..", "dev.petrel.server..")
            .should().dependOnClassesThat().resideInAPackage("dev.petrel.raft.."));
    }

    @Test
    void remotingKnowsOnlyFramesAndCodes() {
        check(noClasses().that().resideInAPackage("dev.petrel.remoting..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.petrel.protocol.header..", "dev.petrel.protocol.body..",
                "dev.petrel.message..", "dev.petrel.store..", "dev.petrel.broker..", "dev.petrel.namesrv..", "dev.petrel.client..")
            .because("remoting moves frames and dispatches on a code; topics and queues are protocol's business"));
    }

    @Test
    void clientNeverSeesServers() {
        check(noClasses().that().resideInAPackage("dev.petrel.client..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.petrel.broker..", "dev.petrel.store..", "dev.petrel.namesrv..",
                "dev.petrel.server.."));
    }

    @Test
    void adminIsAClientOfTheServers() {
        check(noClasses().that().resideInAPackage("dev.petrel.admin..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.petrel.broker..", "dev.petrel.store..",
                "dev.petrel.namesrv..", "dev.petrel.server..", "dev.petrel.raft..", "io.netty..")
            .because("petrel admin talks to NameServers and brokers (Petrel's or Apache's) over the wire only"));
    }

    @Test
    void canaryIsAClientOfTheServers() {
        check(noClasses().that().resideInAPackage("dev.petrel.canary..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.petrel.broker..", "dev.petrel.store..",
                "dev.petrel.namesrv..", "dev.petrel.server..", "dev.petrel.raft..", "dev.petrel.admin..", "io.netty..")
            .because("the canary sees brokers only as any application does: over the wire, through the client"));
    }

    @Test
    void dashboardIsAClientOfTheServers() {
        check(noClasses().that().resideInAPackage("dev.petrel.dashboard..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.petrel.broker..", "dev.petrel.store..",
                "dev.petrel.namesrv..", "dev.petrel.server..", "dev.petrel.raft..", "dev.petrel.remoting..", "io.netty..")
            .because("the dashboard speaks the admin protocol through petrel-admin only, so it works against Apache "
                + "clusters too"));
    }

    @Test
    void nameServerNeverSeesClientStoreOrBroker() {
        check(noClasses().that().resideInAPackage("dev.petrel.namesrv..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.petrel.client..", "dev.petrel.store..", "dev.petrel.broker..",
                "dev.petrel.message..", "dev.petrel.server.."));
    }

    @Test
    void onlyTheServerWiresTheBroker() {
        check(noClasses().that().resideOutsideOfPackages("dev.petrel.broker..", "dev.petrel.server..", "dev.petrel.embedded..",
                "dev.petrel.benchmarks..")
            .should().dependOnClassesThat().resideInAPackage("dev.petrel.broker.."));
    }

    @Test
    void nothingButTestsUsesTheEmbeddedMode() {
        check(noClasses().that().resideOutsideOfPackage("dev.petrel.embedded..")
            .should().dependOnClassesThat().resideInAPackage("dev.petrel.embedded..")
            .because("petrel-embedded is for tests (docs/embedded.md): its pieces are wired for a test JVM"));
    }

    @Test
    void everyModuleDeclaresTheEmbeddedModeInTestScopeOnly() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        Pattern dependency = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> poms = Files.list(root)) {
            for (Path pom : poms.map(d -> d.resolve("pom.xml")).filter(Files::isRegularFile).toList()) {
                if (pom.getParent().getFileName().toString().equals("petrel-embedded")) {
                    continue;
                }
                Matcher m = dependency.matcher(Files.readString(pom));
                while (m.find()) {
                    String d = m.group(1);
                    if (d.contains("<artifactId>petrel-embedded</artifactId>") && !d.contains("<scope>test</scope>")) {
                        offenders.add(root.relativize(pom).toString());
                    }
                }
            }
        }
        assertThat(offenders).as("modules that depend on petrel-embedded outside test scope").isEmpty();
    }

    @Test
    void metricsKnowOnlyCommonAndThePrometheusClient() {
        check(noClasses().that().resideInAPackage("dev.petrel.metrics..")
            .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "dev.petrel.message..", "dev.petrel.protocol..",
                "dev.petrel.remoting..", "dev.petrel.store..", "dev.petrel.raft..", "dev.petrel.namesrv..",
                "dev.petrel.broker..", "dev.petrel.client..", "dev.petrel.server..")
            .because("the endpoint is shared by the broker and the NameServer, which hand it their families"));
    }

    @Test
    void timeComesFromTheInjectedClock() {
        check(noClasses().that().resideInAnyPackage("dev.petrel.store..", "dev.petrel.broker..", "dev.petrel.namesrv..",
                "dev.petrel.remoting..", "dev.petrel.protocol..", "dev.petrel.message..", "dev.petrel.canary..")
            .should().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(System.class, "nanoTime")
            .because("logic takes time from dev.petrel.common.time.Clock so tests can step it"));
    }

    @Test
    void noGrabBagClasses() {
        check(noClasses().that().resideInAPackage("dev.petrel..")
            .should().haveSimpleNameEndingWith("Util").orShould().haveSimpleNameEndingWith("Utils")
            .orShould().haveSimpleNameEndingWith("Helper")
            .because("one job per class, named for its role"));
    }
}
