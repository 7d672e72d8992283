package dev.petrel.namesrv.testing;

import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.remoting.RemotingServerConfig;
import java.nio.file.Path;

/**
 * The configuration of an in-process test NameServer: loopback, a port of the system's choosing, few threads, its
 * files in {@code dir}. Other modules' tests use it through petrel-namesrv's test jar.
 */
public final class TestNameServers {

    private TestNameServers() {
    }

    public static NamesrvConfig config(Path dir) {
        return NamesrvConfig.defaults()
            .with(NamesrvConfig.LISTEN_PORT, 0)
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1")
            .with(RemotingServerConfig.SERVER_SELECTOR_THREADS, 1)
            .with(NamesrvConfig.CLIENT_REQUEST_THREAD_POOL_NUMS, 2)
            .with(NamesrvConfig.DEFAULT_THREAD_POOL_NUMS, 2)
            .with(NamesrvConfig.KV_CONFIG_PATH, dir.resolve("kvConfig.json").toString())
            .with(NamesrvConfig.CONFIG_STORE_PATH, dir.resolve("namesrv.properties").toString());
    }
}
