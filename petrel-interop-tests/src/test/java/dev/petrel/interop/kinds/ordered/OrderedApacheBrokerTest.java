package dev.petrel.interop.kinds.ordered;

import dev.petrel.interop.kinds.KindServers;
import java.io.IOException;
import java.util.Map;

/**
 * {@link OrderedKindTest} with Petrel's client against Apache RocketMQ 5.3.1's broker: the client side of orderly consumption (LOCK_BATCH_MQ, renewal, release)
 * behaves as the reference broker expects.
 */
class OrderedApacheBrokerTest extends OrderedKindTest {

    @Override
    KindServers startServers() throws IOException {
        return KindServers.startApache("kinds-ordered-apache-", Map.of());
    }
}
