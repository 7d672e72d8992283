package dev.petrel.broker;

import dev.petrel.broker.pull.PullMessageProcessor;
import dev.petrel.broker.send.SendMessageProcessor;
import dev.petrel.common.config.Config;

/**
 * The processors' view of the broker configuration: every call reads the current value, so keys changed at runtime
 * through UPDATE_BROKER_CONFIG take effect on the next request. A lookup is one concurrent-map read.
 */
final class DynamicSettings implements SendMessageProcessor.Settings, PullMessageProcessor.Settings {

    private final Config config;

    DynamicSettings(Config config) {
        this.config = config;
    }

    @Override
    public String regionId() {
        return config.get(BrokerConfig.REGION_ID);
    }

    @Override
    public boolean traceOn() {
        return config.get(BrokerConfig.TRACE_ON);
    }

    @Override
    public int brokerPermission() {
        return config.get(BrokerConfig.BROKER_PERMISSION);
    }

    @Override
    public long startAcceptSendRequestTimeStamp() {
        return config.get(BrokerConfig.START_ACCEPT_SEND_REQUEST_TIME_STAMP);
    }

    @Override
    public boolean fastFailureEnabled() {
        return config.get(BrokerConfig.BROKER_FAST_FAILURE_ENABLE);
    }

    @Override
    public long waitTimeMillsInSendQueue() {
        return config.get(BrokerConfig.WAIT_TIME_MILLS_IN_SEND_QUEUE);
    }

    @Override
    public boolean litePullEnabled() {
        return config.get(BrokerConfig.LITE_PULL_MESSAGE_ENABLE);
    }

    @Override
    public boolean longPollingEnabled() {
        return config.get(BrokerConfig.LONG_POLLING_ENABLE);
    }

    @Override
    public long shortPollingTimeMills() {
        return config.get(BrokerConfig.SHORT_POLLING_TIME_MILLS);
    }

    @Override
    public boolean propertyFilterEnabled() {
        return config.get(BrokerConfig.ENABLE_PROPERTY_FILTER);
    }

    @Override
    public boolean filterSupportRetry() {
        return config.get(BrokerConfig.FILTER_SUPPORT_RETRY);
    }

    @Override
    public boolean serverSideResetOffset() {
        return config.get(BrokerConfig.USE_SERVER_SIDE_RESET_OFFSET);
    }
}
