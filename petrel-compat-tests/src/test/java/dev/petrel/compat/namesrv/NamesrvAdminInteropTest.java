package dev.petrel.compat.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alibaba.fastjson.JSON;
import com.alibaba.fastjson.JSONObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Apache's 5.3.1 admin tool against Petrel's NameServer (no broker): KV config, configuration, empty answers. */
class NamesrvAdminInteropTest {

    @TempDir
    static Path dir;

    private static PetrelProcess namesrv;
    private static DefaultMQAdminExt admin;

    @BeforeAll
    static void start() throws Exception {
        // A KV file as Apache's NameServer writes it (fastjson, compact): Petrel must adopt it.
        Files.writeString(dir.resolve("kvConfig.json"), JSON.toJSONString(Map.of("configTable",
            Map.of("seeded", Map.of("a", "1")))), StandardCharsets.UTF_8);
        namesrv = PetrelProcess.namesrv(dir).start();
        admin = AdminTools.admin(namesrv.namesrvAddr());
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.shutdown();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    @Test
    void anEmptyNameServerAnswersEmptyListsAndAMissingRoute() throws Exception {
        ClusterInfo info = admin.examineBrokerClusterInfo();
        assertThat(info.getBrokerAddrTable()).isEmpty();
        assertThat(admin.fetchAllTopicList().getTopicList()).isEmpty();

        assertThatThrownBy(() -> admin.examineTopicRouteInfo("NoSuchTopic"))
            .isInstanceOfSatisfying(MQClientException.class, e -> {
                assertThat(e.getResponseCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
                assertThat(e.getErrorMessage()).startsWith("No topic route info in name server for the topic: NoSuchTopic");
            });
    }

    @Test
    void kvConfigIsPutReadListedAndDeletedAndTheFileStaysApacheReadable() throws Exception {
        assertThat(admin.getKVConfig("seeded", "a")).isEqualTo("1");

        admin.createAndUpdateKvConfig("compat", "key", "value");
        assertThat(admin.getKVConfig("compat", "key")).isEqualTo("value");
        KVTable table = admin.getKVListByNamespace("compat");
        assertThat(table.getTable()).containsExactly(Map.entry("key", "value"));

        JSONObject file = JSON.parseObject(Files.readString(dir.resolve("kvConfig.json")));
        assertThat(file.getJSONObject("configTable").getJSONObject("compat").getString("key")).isEqualTo("value");
        assertThat(file.getJSONObject("configTable").getJSONObject("seeded").getString("a")).isEqualTo("1");

        admin.deleteKvConfig("compat", "key");
        assertThatThrownBy(() -> admin.getKVConfig("compat", "key")).isInstanceOfSatisfying(MQClientException.class,
            e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.QUERY_NOT_FOUND));
    }

    @Test
    void configurationIsReadAndUpdatedWithinTheBlackList() throws Exception {
        List<String> addrs = List.of(namesrv.namesrvAddr());
        Properties before = admin.getNameServerConfig(addrs).get(namesrv.namesrvAddr());
        assertThat(before.getProperty("enableTopicList")).isEqualTo("true");
        assertThat(before.getProperty("listenPort")).isEqualTo(String.valueOf(namesrv.namesrvPort()));

        Properties change = new Properties();
        change.setProperty("enableTopicList", "false");
        admin.updateNameServerConfig(change, addrs);
        assertThat(admin.getNameServerConfig(addrs).get(namesrv.namesrvAddr()).getProperty("enableTopicList"))
            .isEqualTo("false");
        assertThat(Files.readString(dir.resolve("namesrv.properties"))).contains("enableTopicList=false");

        Properties forbidden = new Properties();
        forbidden.setProperty("kvConfigPath", "/elsewhere.json");
        assertThatThrownBy(() -> admin.updateNameServerConfig(forbidden, addrs))
            .isInstanceOfSatisfying(MQClientException.class,
                e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION));

        change.setProperty("enableTopicList", "true");
        admin.updateNameServerConfig(change, addrs);
    }
}
