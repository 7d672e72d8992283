package dev.petrel.server.launch;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;

/**
 * Properties of {@code petrel standalone} beyond those of its roles. {@code namesrvAddr} is the broker's usual
 * property; in standalone it also places the embedded NameServer, which listens on its port (on every interface,
 * or on {@code bindAddress}).
 */
public final class StandaloneConfig {

    public static final ConfigKey<String> NAMESRV_ADDR = ConfigKey.ofString("namesrvAddr", "127.0.0.1:9876",
        StandaloneConfig::validAddressList, "host:port[;host:port]",
        "Where brokers and clients find the NameServer; in standalone the embedded NameServer listens on the port of "
            + "the first address.");

    public static final ConfigDef DEFINITION = ConfigDef.of("standalone", NAMESRV_ADDR);

    /**
     * Where standalone keeps its data unless the configuration says otherwise: the broker's store (and its config/
     * metadata) in {@code store/}, the NameServer's KV and configuration files in {@code namesrv/}. One folder in the
     * user's home, so a standalone Petrel keeps its messages wherever it is started from.
     */
    public static final String DATA_DIR = "${user.home}/petrel";

    /** The broker name of standalone (RocketMQ's samples call the first broker so; Apache's default is the host name). */
    public static final String BROKER_NAME = "broker-a";

    private StandaloneConfig() {
    }

    /** The port of the first address of a namesrvAddr list. */
    public static int firstPort(String namesrvAddr) {
        String first = namesrvAddr.split(";")[0].trim();
        int colon = first.lastIndexOf(':');
        try {
            return Integer.parseInt(first.substring(colon + 1));
        } catch (RuntimeException e) {
            throw new ConfigException("property namesrvAddr: '" + namesrvAddr + "' is not host:port[;host:port]");
        }
    }

    private static boolean validAddressList(String value) {
        for (String address : value.split(";")) {
            String a = address.trim();
            int colon = a.lastIndexOf(':');
            if (colon <= 0) {
                return false;
            }
            try {
                int port = Integer.parseInt(a.substring(colon + 1));
                if (port < 0 || port > 65535) {
                    return false;
                }
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }
}
