package dev.petrel.client.producer;

/**
 * How a stored send ended. Anything other than {@link #SEND_OK} means the message is stored on the master but the
 * broker could not confirm the configured durability in time; it is not retried unless
 * {@code retryAnotherBrokerWhenNotStoreOK} is set.
 */
public enum SendStatus {
    SEND_OK,
    /** SYNC_FLUSH broker: the flush did not finish within its timeout. */
    FLUSH_DISK_TIMEOUT,
    /** SYNC_MASTER broker: the slave did not confirm in time. */
    FLUSH_SLAVE_TIMEOUT,
    /** SYNC_MASTER broker: no slave is connected. */
    SLAVE_NOT_AVAILABLE
}
