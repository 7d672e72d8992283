package dev.petrel.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import dev.petrel.client.testing.PatientClients;
import dev.petrel.common.config.Config;
import dev.petrel.embedded.EmbeddedPetrel;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The dashboard against a broker with ACL 2.0 on (authentication and authorization, a Super user from
 * {@code initAuthenticationUser}), over real HTTP and real sockets: with {@code dashboardAccessKey} /
 * {@code dashboardSecretKey} its admin calls, sends and pulls are signed and work; without them each call the broker
 * checks is refused with the broker's code and remark plus advice naming the two properties; the secret appears in
 * no answer and no log line. One broker and two dashboards (signed, unsigned) for the class.
 */
class DashboardAclTest {

    private static final String SECRET = "rootSecret-dash-5521";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ListAppender<ILoggingEvent> LOGS = new ListAppender<>();
    private static final List<Http.Answer> ANSWERS = new ArrayList<>();

    private static EmbeddedPetrel petrel;
    private static DashboardServer signed;
    private static DashboardServer unsigned;
    private static Http signedHttp;
    private static Http unsignedHttp;

    @BeforeAll
    static void start() {
        LOGS.start();
        root().addAppender(LOGS);
        petrel = EmbeddedPetrel.builder().brokerProperty("authenticationEnabled", "true")
            .brokerProperty("authorizationEnabled", "true")
            .brokerProperty("initAuthenticationUser", "{\"username\":\"root\",\"password\":\"" + SECRET + "\"}")
            .start();
        // the signed one is configured as bin/petrel dashboard is, from properties
        Config config = DashboardConfig.DEF.parse(Map.of("namesrvAddr", petrel.namesrvAddr(),
            "dashboardPort", Integer.toString(FreePorts.next()), "dashboardAdminTimeoutMillis",
            Long.toString(PatientClients.TIMEOUT.toMillis()), "dashboardAccessKey", "root", "dashboardSecretKey", SECRET),
            unknown -> {
                throw new AssertionError("unknown key " + unknown);
            });
        DashboardConfig.Settings settings = DashboardConfig.Settings.of(config);
        assertThat(settings.credentials()).isEqualTo(new SessionCredentials("root", SECRET));
        assertThat(settings.toString()).doesNotContain(SECRET);
        signed = new DashboardServer(settings).start();
        unsigned = new DashboardServer(new DashboardConfig.Settings(true, petrel.namesrvAddr(), "127.0.0.1",
            FreePorts.next(), false, 1 << 20, 4, PatientClients.TIMEOUT.toMillis())).start();
        signedHttp = new Http(signed.port());
        unsignedHttp = new Http(unsigned.port());
    }

    @AfterAll
    static void stop() throws Exception {
        Workload.closeAll(unsigned, signed, petrel);
        root().detachAppender(LOGS);
    }

    private static Logger root() {
        return (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }

    private static Http.Answer keep(Http.Answer a) {
        synchronized (ANSWERS) {
            ANSWERS.add(a);
        }
        return a;
    }

    @Test
    void withCredentialsTheDashboardAdministersASecuredBroker() {
        Map<String, Object> created = keep(signedHttp.post("/api/topic/createOrUpdate", Map.of("topic", "DashAclOrders",
            "readQueueNums", "2", "writeQueueNums", "2"))).data();
        assertThat(created).containsEntry("brokers", List.of(petrel.brokerAddr()));
        Map<String, Object> detail = Await.value(WAIT, "the topic's route", () -> keep(signedHttp.get("/api/topic",
            Map.of("topic", "DashAclOrders"))), a -> a.status() == 200).data();
        assertThat(detail).containsEntry("topic", "DashAclOrders");

        Map<String, Object> sent = keep(signedHttp.post("/api/message/send", Map.of("topic", "DashAclOrders",
            "body", "signed hello", "key", "acl-1"))).data();
        assertThat(sent).containsEntry("status", "SEND_OK");

        @SuppressWarnings("unchecked")
        Map<String, Object> broker = ((List<Map<String, Object>>) keep(signedHttp.get("/api/overview")).data()
            .get("brokers")).get(0);
        assertThat(broker.get("error")).isNull();
        assertThat((String) broker.get("version")).startsWith("V5_");
    }

    @Test
    void withoutCredentialsEachCheckedCallIsRefusedWithTheBrokersRemarkAndAdvice() {
        Http.Answer refused = keep(unsignedHttp.post("/api/topic/createOrUpdate", Map.of("topic", "DashAclRefused")));
        assertThat(refused.status()).as(refused.text()).isEqualTo(502);
        assertThat(refused.error()).contains("code 16 (NO_PERMISSION), username cannot be null.")
            .contains("dashboardAccessKey and dashboardSecretKey");

        @SuppressWarnings("unchecked")
        Map<String, Object> broker = ((List<Map<String, Object>>) keep(unsignedHttp.get("/api/overview")).data()
            .get("brokers")).get(0);
        assertThat((String) broker.get("error")).as("the overview lists the broker with the refusal")
            .contains("username cannot be null.");

        Http.Answer route = keep(signedHttp.get("/api/topic", Map.of("topic", "DashAclRefused")));
        assertThat(route.status()).as("nothing was created: %s", route.text()).isEqualTo(404);
    }

    @Test
    void theSecretIsInNoAnswerAndNoLogLine() {
        keep(signedHttp.get("/api/settings"));
        keep(unsignedHttp.get("/api/settings"));
        keep(signedHttp.get("/api/topics"));
        keep(signedHttp.get("/api/groups"));
        keep(unsignedHttp.get("/api/groups"));
        List<Http.Answer> answers;
        synchronized (ANSWERS) {
            answers = List.copyOf(ANSWERS);
        }
        for (Http.Answer a : answers) {
            assertThat(a.text()).doesNotContain(SECRET);
            a.response().headers().map().values().forEach(v -> assertThat(v.toString()).doesNotContain(SECRET));
        }
        List<ILoggingEvent> events;
        synchronized (LOGS) {
            events = List.copyOf(LOGS.list);
        }
        assertThat(events).as("the broker and the dashboard did log").isNotEmpty();
        for (ILoggingEvent e : events) {
            String text = e.getFormattedMessage() + (e.getThrowableProxy() == null ? ""
                : ThrowableProxyUtil.asString(e.getThrowableProxy()));
            assertThat(text).as("log line of %s", e.getLoggerName()).doesNotContain(SECRET);
        }
    }
}
