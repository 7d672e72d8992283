package dev.petrel.interop.kinds.delay;

import dev.petrel.interop.kinds.KindServers;
import java.io.IOException;
import java.util.Map;

/**
 * {@link DelayLevelKindTest} with Petrel's client against Apache RocketMQ 5.3.1's broker: the client side of delayed sends
 * behaves as the reference broker expects.
 */
class DelayLevelApacheBrokerTest extends DelayLevelKindTest {

    @Override
    KindServers startServers() throws IOException {
        return KindServers.startApache("kinds-delay-apache-", Map.of());
    }
}
