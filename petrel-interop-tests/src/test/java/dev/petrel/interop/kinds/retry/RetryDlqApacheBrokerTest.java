package dev.petrel.interop.kinds.retry;

import dev.petrel.interop.kinds.KindServers;
import java.io.IOException;

/**
 * {@link RetryDlqKindTest} with Petrel's client against Apache RocketMQ 5.3.1's broker: the client side of retries (send-back, in-place orderly retries, re-sends)
 * behaves as the reference broker expects.
 */
class RetryDlqApacheBrokerTest extends RetryDlqKindTest {

    @Override
    KindServers startServers() throws IOException {
        return KindServers.startApache("kinds-retry-apache-", ONE_SECOND_LEVELS);
    }
}
