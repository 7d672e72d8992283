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
