package dev.petrel.broker;

import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.heartbeat.CheckClientRequestBody;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQL92 pulls against a real broker with {@code enablePropertyFilter=true} (and {@code filterSupportRetry=true}): the
 * filter registered by heartbeat or carried by the pull, FILTER_DATA_NOT_EXIST / NOT_LATEST, skipped messages and
 * the next offset, evaluation errors counted.
 */
class Sql92PullTest {

    @TempDir
    static Path dir;
    static BrokerFixture f;

    @BeforeAll
    static void start() {
        f = new BrokerFixture(dir, Map.of("enablePropertyFilter", "true", "filterSupportRetry", "true"));
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    private static void sendAll(String topic, String... bodyAndA) throws Exception {
        long before = f.broker.store().maxOffsetInQueue(topic, 0);
        for (int i = 0; i < bodyAndA.length; i += 2) {
            RemotingCommand r = bodyAndA[i + 1] == null ? f.send(topic, 0, bodyAndA[i])
                : f.send(topic, 0, bodyAndA[i], "a", bodyAndA[i + 1]);
            assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
        }
        long expected = before + bodyAndA.length / 2;
        Await.until(Duration.ofSeconds(5), "dispatch", () -> f.broker.store().maxOffsetInQueue(topic, 0) == expected);
    }

    private static PullMessageRequestHeader registeredPull(String group, String topic, long offset, long subVersion) {
        return new PullMessageRequestHeader(group, topic, 0, offset, 32, 0, 0, 0, null, subVersion, "SQL92", null, null,
            null, RpcFields.NONE);
    }

    private static PullMessageRequestHeader ownPull(String group, String topic, long offset, String expression) {
        return new PullMessageRequestHeader(group, topic, 0, offset, 32, SUBSCRIPTION, 0, 0, expression, 1, "SQL92", null,
            null, null, RpcFields.NONE);
    }

    private static List<String> bodies(RemotingCommand r) {
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        return BrokerFixture.decode(r).stream().map(m -> new String(m.body(), StandardCharsets.UTF_8)).toList();
    }

    private static void heartbeat(String group, SubscriptionData... subs) throws Exception {
        assertThat(f.heartbeat(BrokerFixture.consumerHeartbeat("c-" + group, group, MessageModel.CLUSTERING, subs)).code())
            .isEqualTo(ResponseCode.SUCCESS);
    }

    private static RemotingCommand checkClientConfig(String type, String expression) throws Exception {
        CheckClientRequestBody body = new CheckClientRequestBody("cid-check", "gCheck", null,
            SubscriptionData.of("SqlCheck", type, expression, 1));
        return f.call(RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG, null, CheckClientRequestBody.CODEC.encode(body)));
    }

    @Test
    void checkClientConfigCompilesTheExpressionAsApacheDoes() throws Exception {
        assertThat(checkClientConfig("SQL92", "a > 5 AND b = 'x'").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(checkClientConfig("TAG", "a || b").code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand bad = checkClientConfig("SQL92", "a > 'x'");
        assertThat(bad.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(bad.remark()).isEqualTo("SQL92 expression \"a > 'x'\" is invalid at column 5: '>' cannot compare with "
            + "the string literal 'x'; use = or <> for strings");
        RemotingCommand unknown = checkClientConfig("XPATH", "/a");
        assertThat(unknown.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(unknown.remark()).contains("\"XPATH\" is not supported");
        // Nothing to check: Apache answers SUCCESS.
        assertThat(f.call(RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG, null, null)).code())
            .isEqualTo(ResponseCode.SUCCESS);
        assertThat(f.call(RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG, null,
            CheckClientRequestBody.CODEC.encode(new CheckClientRequestBody("c", "g", null, null)))).code())
            .isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void theHeartbeatsFilterSelectsByPropertiesAndTheNextOffsetSkipsTheRest() throws Exception {
        sendAll("SqlReg", "m0", "1", "m1", "7", "m2", null, "m3", "9", "m4", "3");
        heartbeat("gReg", SubscriptionData.of("SqlReg", "SQL92", "a > 5", 100));
        RemotingCommand r = f.pull(registeredPull("gReg", "SqlReg", 0, 100));
        assertThat(bodies(r)).containsExactly("m1", "m3");
        assertThat(r.extField("nextBeginOffset")).isEqualTo("5");
        RemotingCommand none = f.pull(registeredPull("gReg", "SqlReg", 4, 100));
        assertThat(none.code()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
        assertThat(none.extField("nextBeginOffset")).isEqualTo("5");
    }

    @Test
    void aHeartbeatWhoseExpressionDoesNotCompileLeavesNoFilter() throws Exception {
        sendAll("SqlBad", "m0", "1");
        heartbeat("gBad", SubscriptionData.of("SqlBad", "SQL92", "a >", 100));
        RemotingCommand r = f.pull(registeredPull("gBad", "SqlBad", 0, 100));
        assertThat(r.code()).isEqualTo(ResponseCode.FILTER_DATA_NOT_EXIST);
        assertThat(r.remark()).isEqualTo("The broker's consumer filter data is not exist!Your expression may be wrong!");
    }

    @Test
    void aFilterOlderThanThePullsSubscriptionIsNotLatest() throws Exception {
        sendAll("SqlOld", "m0", "1");
        heartbeat("gOld", SubscriptionData.of("SqlOld", "SQL92", "a >", 200));
        // Only a race between the registry and the filter table leaves an older filter behind; register one directly.
        f.broker.pullProcessor().consumerFilters().register("SqlOld", "gOld", "SQL92", "a > 0", 150, 0);
        RemotingCommand r = f.pull(registeredPull("gOld", "SqlOld", 0, 200));
        assertThat(r.code()).isEqualTo(ResponseCode.FILTER_DATA_NOT_LATEST);
        assertThat(r.remark()).isEqualTo("the consumer's consumer filter data not latest");
        assertThat(bodies(f.pull(registeredPull("gOld", "SqlOld", 0, 150)))).containsExactly("m0");
    }

    @Test
    void aPullCarryingItsExpressionIsFilteredWithItOrRefusedWithTheCompilersExplanation() throws Exception {
        sendAll("SqlOwn", "m0", "1", "m1", "2");
        assertThat(bodies(f.pull(ownPull("gOwn", "SqlOwn", 0, "a = 2")))).containsExactly("m1");
        RemotingCommand bad = f.pull(ownPull("gOwn", "SqlOwn", 0, "a > 'x'"));
        assertThat(bad.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(bad.remark()).isEqualTo("SQL92 expression \"a > 'x'\" is invalid at column 5: '>' cannot compare with "
            + "the string literal 'x'; use = or <> for strings");
    }

    @Test
    void evaluationErrorsSkipTheMessageAndAreCounted() throws Exception {
        sendAll("SqlErr", "m0", "5.5", "m1", "6", "m2", "5.5");
        long before = f.broker.pullProcessor().evaluationErrors().count();
        RemotingCommand r = f.pull(ownPull("gErr", "SqlErr", 0, "a > 5"));
        assertThat(bodies(r)).containsExactly("m1");
        assertThat(r.extField("nextBeginOffset")).isEqualTo("3");
        assertThat(f.broker.pullProcessor().evaluationErrors().count()).isEqualTo(before + 2);
        RemotingCommand info = f.call(RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO, null, null));
        assertThat(Long.parseLong(KVTable.CODEC.decode(info.body()).table().get("petrelFilterEvaluationErrors")))
            .isGreaterThanOrEqualTo(before + 2);
    }

    @Test
    void retryTopicPullsUseTheOriginalTopicsFilterWithFilterSupportRetry() throws Exception {
        heartbeat("gRetry", SubscriptionData.of("SqlRetry", "SQL92", "a > 5", 100),
            SubscriptionData.of("%RETRY%gRetry", "TAG", "*", 100));
        String retry = "%RETRY%gRetry";
        long before = f.broker.store().maxOffsetInQueue(retry, 0);
        assertThat(f.send(retry, 0, "r0", "a", "1", "RETRY_TOPIC", "SqlRetry").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(f.send(retry, 0, "r1", "a", "9", "RETRY_TOPIC", "SqlRetry").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(f.send(retry, 0, "r2", "a", "1").code()).isEqualTo(ResponseCode.SUCCESS);
        Await.until(Duration.ofSeconds(5), "dispatch", () -> f.broker.store().maxOffsetInQueue(retry, 0) == before + 3);
        // The pull's own expression does not matter: each message meets the filter of its RETRY_TOPIC.
        assertThat(bodies(f.pull(ownPull("gRetry", retry, before, "TRUE")))).containsExactly("r1", "r2");
    }
}
