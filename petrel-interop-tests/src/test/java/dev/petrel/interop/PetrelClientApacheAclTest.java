package dev.petrel.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientConfig;
import dev.petrel.client.Message;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Petrel's client signing with credentials against Apache RocketMQ 5.3.1's broker with ACL 2.0 authentication on:
 * the right secret is accepted, a wrong one refused with NO_PERMISSION and 5.3.1's remark.
 */
class PetrelClientApacheAclTest {

    private static Path dir;
    private static ServerProcesses.Server namesrv;
    private static ServerProcesses.Server broker;

    @BeforeAll
    static void startServers() throws Exception {
        dir = ServerProcesses.serverDir("interop-apache-acl-");
        namesrv = ServerProcesses.petrelNameServer(dir);
        broker = ServerProcesses.apacheBroker(dir, "broker-acl", namesrv.address(), Map.of(
            "authenticationEnabled", "true",
            "authenticationMetadataProvider",
            "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider",
            "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}",
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"innerSecret1\"}"));
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-acl");
    }

    @AfterAll
    static void stopServers() {
        ServerProcesses.stopAll(dir, broker, namesrv);
    }

    @Test
    void apacheAcceptsPetrelsSignatureAndRefusesAWrongSecret() throws Exception {
        try (PetrelProducer good = producer("acl-good", "12345678");
             PetrelProducer bad = producer("acl-bad", "not-the-secret")) {
            SendResult sent = good.send(Message.builder("AclInteropTopic").body("signed").build(), Duration.ofSeconds(30));
            assertThat(sent.status().name()).isEqualTo("SEND_OK");
            Throwable refused = catchThrowable(() ->
                bad.send(Message.builder("AclInteropTopic").body("forged").build(), Duration.ofSeconds(30)));
            while (refused != null && !(refused instanceof BrokerException)) {
                refused = refused.getCause();
            }
            assertThat(refused).isInstanceOf(BrokerException.class);
            assertThat(((BrokerException) refused).responseCode()).isEqualTo(16);
            assertThat(((BrokerException) refused).remark()).isEqualTo("check signature failed.");
        }
    }

    private PetrelProducer producer(String instance, String secret) {
        return PatientClients.producer(namesrv.address()).group("pg-" + instance).instanceName(instance)
            .credentials("rocketmq", secret).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, 30_000).build();
    }
}
