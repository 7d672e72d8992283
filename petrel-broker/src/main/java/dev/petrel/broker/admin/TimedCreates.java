package dev.petrel.broker.admin;

import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.stats.CreateTimes;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;

/**
 * Times the creations of the processor it wraps (the topic and group admin processors, which answer synchronously):
 * UPDATE_AND_CREATE_TOPIC into {@code rocketmq_topic_create_execution_time} and UPDATE_AND_CREATE_SUBSCRIPTIONGROUP
 * into {@code rocketmq_consumer_group_create_execution_time}, success being a SUCCESS answer, as RocketMQ records
 * them. Every other code passes through untimed.
 */
public final class TimedCreates implements RequestProcessor {

    private final RequestProcessor inner;
    private final CreateTimes times;
    private final SystemTopics system;
    private final Clock clock;

    private TimedCreates(RequestProcessor inner, CreateTimes times, SystemTopics system, Clock clock) {
        this.inner = inner;
        this.times = times;
        this.system = system;
        this.clock = clock;
    }

    /** {@code inner} with its creations timed into {@code times}. */
    public static RequestProcessor wrap(RequestProcessor inner, CreateTimes times, SystemTopics system, Clock clock) {
        return new TimedCreates(inner, times, system, clock);
    }

    @Override
    public RemotingCommand process(RequestContext context, RemotingCommand request) throws Exception {
        int code = request.code();
        if (code != RequestCode.UPDATE_AND_CREATE_TOPIC && code != RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP) {
            return inner.process(context, request);
        }
        long start = clock.nanos();
        RemotingCommand response = null;
        try {
            response = inner.process(context, request);
            return response;
        } finally {
            long millis = (clock.nanos() - start) / 1_000_000;
            boolean ok = response != null && response.code() == ResponseCode.SUCCESS;
            if (code == RequestCode.UPDATE_AND_CREATE_TOPIC) {
                String topic = request.extFields() == null ? null : request.extFields().get("topic");
                times.recordTopic(ok, topic != null && system.isSystemTopic(topic), millis);
            } else {
                times.recordGroup(ok, millis);
            }
        }
    }

    @Override
    public boolean rejectRequest() {
        return inner.rejectRequest();
    }
}
