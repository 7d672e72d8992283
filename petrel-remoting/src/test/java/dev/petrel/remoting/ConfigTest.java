package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Defaults are Apache's NettyServerConfig/NettyClientConfig ones; a component's combined configuration feeds both. */
class ConfigTest {

    @Test
    void defaultsMatchApache() {
        RemotingServerConfig server = RemotingServerConfig.defaults();
        assertThat(server.listenPort()).isZero();
        assertThat(server.bindAddress()).isEqualTo("0.0.0.0");
        assertThat(server.selectorThreads()).isEqualTo(3);
        assertThat(server.get(RemotingServerConfig.SERVER_WORKER_THREADS)).isEqualTo(8);
        assertThat(server.callbackExecutorThreads()).as("0 means 4").isEqualTo(4);
        assertThat(server.onewaySemaphoreValue()).isEqualTo(256);
        assertThat(server.asyncSemaphoreValue()).isEqualTo(64);
        assertThat(server.channelMaxIdleTimeSeconds()).isEqualTo(120);
        assertThat(server.socketBacklog()).isEqualTo(1024);
        assertThat(server.pooledByteBufAllocatorEnable()).isTrue();
        assertThat(server.frameMaxLength()).isEqualTo(16_777_216);

        RemotingClientConfig client = RemotingClientConfig.defaults();
        assertThat(client.workerThreads()).isEqualTo(4);
        assertThat(client.asyncSemaphoreValue()).isEqualTo(65535);
        assertThat(client.onewaySemaphoreValue()).isEqualTo(65535);
        assertThat(client.connectTimeoutMillis()).isEqualTo(3000);
        assertThat(client.channelMaxIdleTimeSeconds()).isEqualTo(120);
        assertThat(client.pooledByteBufAllocatorEnable()).isFalse();
    }

    @Test
    void aComponentsCombinedConfigurationFeedsServerAndClient() {
        ConfigDef broker = RemotingServerConfig.DEFINITION
            .plus("broker", RemotingClientConfig.DEFINITION)
            .plus("broker", RemotingCommonConfig.DEFINITION);
        Config parsed = broker.parse(Map.of("listenPort", "10911", "serverWorkerThreads", "16",
            "clientWorkerThreads", "2", "com.rocketmq.remoting.frameMaxLength", "1048576",
            "serverChannelMaxIdleTimeSeconds", "60"), unknown -> { });

        RemotingServerConfig server = RemotingServerConfig.from(parsed);
        RemotingClientConfig client = RemotingClientConfig.from(parsed);

        assertThat(server.listenPort()).isEqualTo(10911);
        assertThat(server.channelMaxIdleTimeSeconds()).isEqualTo(60);
        assertThat(server.frameMaxLength()).isEqualTo(1_048_576);
        assertThat(client.workerThreads()).isEqualTo(2);
        assertThat(client.frameMaxLength()).isEqualTo(1_048_576);
        assertThat(RemotingServerConfig.from(RemotingClientConfig.DEFINITION.defaults()).listenPort())
            .as("keys a definition lacks keep their defaults").isZero();
    }

    @Test
    void everyKeyIsDocumented() {
        String table = RemotingServerConfig.DEFINITION.plus("all", RemotingClientConfig.DEFINITION)
            .plus("all", RemotingCommonConfig.DEFINITION).toMarkdownTable();
        assertThat(table).contains("`serverAsyncSemaphoreValue`", "`clientOnewaySemaphoreValue`",
            "`com.rocketmq.remoting.frameMaxLength`", "`useEpollNativeSelector`");
    }
}
