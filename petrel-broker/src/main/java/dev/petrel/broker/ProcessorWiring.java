package dev.petrel.broker;

import dev.petrel.broker.admin.BrokerAdminProcessor;
import dev.petrel.broker.admin.ConsumerAdminProcessor;
import dev.petrel.broker.admin.GroupAdminProcessor;
import dev.petrel.broker.admin.RuntimeInfoTable;
import dev.petrel.broker.admin.StatsDataProcessor;
import dev.petrel.broker.admin.TimedCreates;
import dev.petrel.broker.admin.TopicAdminProcessor;
import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.broker.filter.ConsumerFilterTable;
import dev.petrel.broker.filter.EvaluationErrors;
import dev.petrel.broker.lock.QueueLockProcessor;
import dev.petrel.broker.lock.QueueLockTable;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.processor.ClientManageProcessor;
import dev.petrel.broker.processor.ConsumerManageProcessor;
import dev.petrel.broker.processor.OffsetQueryProcessor;
import dev.petrel.broker.processor.QueryMessageProcessor;
import dev.petrel.broker.pull.PullMessageProcessor;
import dev.petrel.broker.pull.ReadSuggestion;
import dev.petrel.broker.retry.SendBackProcessor;
import dev.petrel.broker.schedule.DelayLevelStage;
import dev.petrel.broker.schedule.DelayOffsetProcessor;
import dev.petrel.broker.schedule.ScheduleService;
import dev.petrel.broker.reply.ReplyConfig;
import dev.petrel.broker.reply.ReplyMessageProcessor;
import dev.petrel.broker.reply.ReplyTargets;
import dev.petrel.broker.send.PutStage;
import dev.petrel.broker.send.SendChecks;
import dev.petrel.broker.send.SendMessageProcessor;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.broker.timer.TimerPutStage;
import dev.petrel.broker.timer.TimerRuntimeInfo;
import dev.petrel.broker.transaction.Transactions;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.common.time.Clock;
import dev.petrel.message.Host;
import dev.petrel.message.UniqueIdGenerator;
import dev.petrel.message.filter.FilterCache;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreConfig;
import dev.petrel.store.timer.TimerService;

import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Builds the broker's request processors and their thread pools and registers them with the remoting server, one
 * pool per kind of work as in Apache (so a flood of pulls cannot starve sends). Part of {@link BrokerServer}'s
 * wiring, split out only to keep that class short; it holds no state after {@link #register}.
 *
 * <p>Codes not registered here (POP, ...) are answered
 * REQUEST_CODE_NOT_SUPPORTED by the remoting layer.
 */
final class ProcessorWiring {

    /** The codes each admin processor serves. */
    static final int[] TOPIC_ADMIN = {RequestCode.UPDATE_AND_CREATE_TOPIC, RequestCode.UPDATE_AND_CREATE_TOPIC_LIST,
        RequestCode.DELETE_TOPIC_IN_BROKER, RequestCode.GET_ALL_TOPIC_CONFIG, RequestCode.GET_TOPIC_CONFIG,
        RequestCode.GET_TOPIC_STATS_INFO, RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER};
    static final int[] GROUP_ADMIN = {RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
        RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST, RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
        RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, RequestCode.DELETE_SUBSCRIPTIONGROUP};
    static final int[] CONSUMER_ADMIN = {RequestCode.GET_CONSUMER_CONNECTION_LIST, RequestCode.GET_PRODUCER_CONNECTION_LIST,
        RequestCode.GET_ALL_PRODUCER_INFO, RequestCode.GET_CONSUME_STATS, RequestCode.GET_BROKER_CONSUME_STATS,
        RequestCode.GET_ALL_CONSUMER_OFFSET, RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, RequestCode.QUERY_TOPICS_BY_CONSUMER,
        RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER, RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
        RequestCode.GET_CONSUMER_RUNNING_INFO};
    static final int[] BROKER_ADMIN = {RequestCode.GET_BROKER_CONFIG, RequestCode.UPDATE_BROKER_CONFIG,
        RequestCode.GET_BROKER_RUNTIME_INFO, RequestCode.GET_BROKER_HA_STATUS};
    static final int[] QUEUE_LOCKS = {RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ};
    static final int[] OFFSET_QUERIES = {RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, RequestCode.GET_MAX_OFFSET,
        RequestCode.GET_MIN_OFFSET, RequestCode.GET_EARLIEST_MSG_STORETIME};

    /**
     * The parts the processors use.
     *
     * @param clock         real time: liveness, timeouts, intervals
     * @param scheduleClock due times of scheduled work (delay levels, timers, transaction checks, retry delays);
     *                      compare due times with it and wake waiting loops through its {@code onAdvance}
     */
    record Parts(Config config, Clock clock, BrokerIdentity identity, MessageStore store, TopicConfigTable topics,
                 SubscriptionGroupTable groups, ConsumerOffsetTable offsets, ConsumerRegistry consumers,
                 ProducerRegistry producers, BrokerStats stats, File storeRoot, Executor pullWakeups,
                 Consumer<Map<String, String>> onConfigUpdate, QueueLockTable locks, ScheduleService schedule,
                 Clock scheduleClock, TimerService timer, Transactions transactions,
                 dev.petrel.broker.replication.Replication replication, Map<String, ProcessorExecutor> pools) {
    }

    private ProcessorWiring() {
    }

    /** Registers every processor; returns the pull processor (its hold table needs wiring to the store). */
    static PullMessageProcessor register(RemotingServer server, Parts p) {
        Config config = p.config();
        DynamicSettings settings = new DynamicSettings(config);
        FilterCache filters = new FilterCache(100);
        ConsumerFilterTable consumerFilters = new ConsumerFilterTable(filters, g -> p.consumers().group(g) != null,
            config.get(BrokerConfig.FILTER_DATA_CLEAN_TIME_SPAN));
        EvaluationErrors evaluationErrors = new EvaluationErrors();
        long residentBytes = ReadSuggestion.residentBytes(BrokerConfig.accessMessageInMemoryMaxRatio(config));

        ProcessorExecutor sendPool = pool(p, "send", BrokerConfig.SEND_MESSAGE_THREAD_POOL_NUMS,
            BrokerConfig.SEND_THREAD_POOL_QUEUE_CAPACITY);
        // Order matters: delay levels and timers leave half messages alone; the transaction stage then parks those.
        List<PutStage> stages = List.of(new DelayLevelStage(p.schedule().rewrite()),
            new TimerPutStage(p.scheduleClock(), p.timer().settings(), p.timer()::isCongested),
            p.transactions().stage());
        SendChecks sendChecks = new SendChecks(p.topics(), p.identity().ip1(),
            config.get(BrokerConfig.AUTO_CREATE_TOPIC_ENABLE));
        Host storeHost = Host.parse(p.identity().address());
        SendMessageProcessor send = new SendMessageProcessor(p.clock(), settings, sendChecks, p.topics(), p.groups(),
            stages, p.store(), p.stats(), UniqueIdGenerator.forThisProcess(p.clock()), storeHost,
            p.identity().clusterName(), config.get(StoreConfig.MAX_MESSAGE_SIZE), sendPool::queued,
            p.locks()::holdsUnexpiredLock);
        for (int code : new int[] {RequestCode.SEND_MESSAGE, RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE}) {
            server.registerProcessor(code, send, sendPool);
        }
        server.registerProcessor(RequestCode.CONSUMER_SEND_MSG_BACK, new SendBackProcessor(p.store(), p.topics(),
            p.groups(), p.schedule().rewrite(), p.stats(), () -> config.get(BrokerConfig.BROKER_PERMISSION),
            p.identity().ip1(), storeHost), sendPool);
        server.registerProcessor(RequestCode.END_TRANSACTION, p.transactions().endProcessor(), sendPool);
        ReplyMessageProcessor reply = new ReplyMessageProcessor(p.clock(), settings, sendChecks,
            new ReplyTargets(p.producers()), p.store(), p.stats(), storeHost,
            () -> config.get(ReplyConfig.STORE_REPLY_MESSAGE_ENABLE));
        server.registerProcessor(RequestCode.SEND_REPLY_MESSAGE, reply, sendPool);
        server.registerProcessor(RequestCode.SEND_REPLY_MESSAGE_V2, reply, sendPool);

        PullMessageProcessor pull = new PullMessageProcessor(p.clock(), settings, p.identity().ip1(), p.topics(),
            p.groups(), p.consumers(), p.offsets(), p.store(), p.stats(), filters, consumerFilters, evaluationErrors,
            p.pullWakeups(), new ReadSuggestion(() -> config.get(BrokerConfig.SLAVE_READ_ENABLE), residentBytes));
        ProcessorExecutor pullPool = pool(p, "pull", BrokerConfig.PULL_MESSAGE_THREAD_POOL_NUMS,
            BrokerConfig.PULL_THREAD_POOL_QUEUE_CAPACITY);
        ProcessorExecutor litePullPool = pool(p, "lite-pull", BrokerConfig.LITE_PULL_MESSAGE_THREAD_POOL_NUMS,
            BrokerConfig.LITE_PULL_THREAD_POOL_QUEUE_CAPACITY);
        server.registerProcessor(RequestCode.PULL_MESSAGE, pull, pullPool);
        server.registerProcessor(RequestCode.LITE_PULL_MESSAGE, pull, litePullPool);

        ProcessorExecutor queryPool = pool(p, "query", BrokerConfig.QUERY_MESSAGE_THREAD_POOL_NUMS,
            BrokerConfig.QUERY_THREAD_POOL_QUEUE_CAPACITY);
        QueryMessageProcessor query = new QueryMessageProcessor(p.store(), p.clock(),
            () -> config.get(BrokerConfig.DEFAULT_QUERY_MAX_NUM));
        server.registerProcessor(RequestCode.QUERY_MESSAGE, query, queryPool);
        server.registerProcessor(RequestCode.VIEW_MESSAGE_BY_ID, query, queryPool);

        ClientManageProcessor clientManage = new ClientManageProcessor(p.clock(), p.consumers(), p.producers(), p.groups(),
            p.topics(), filters, consumerFilters, () -> config.get(BrokerConfig.ENABLE_PROPERTY_FILTER));
        server.registerProcessor(RequestCode.HEART_BEAT, clientManage, pool(p, "heartbeat",
            BrokerConfig.HEARTBEAT_THREAD_POOL_NUMS, BrokerConfig.HEARTBEAT_THREAD_POOL_QUEUE_CAPACITY));
        ProcessorExecutor clientPool = pool(p, "client-manage", BrokerConfig.CLIENT_MANAGE_THREAD_POOL_NUMS,
            BrokerConfig.CLIENT_MANAGER_THREAD_POOL_QUEUE_CAPACITY);
        server.registerProcessor(RequestCode.UNREGISTER_CLIENT, clientManage, clientPool);
        server.registerProcessor(RequestCode.CHECK_CLIENT_CONFIG, clientManage, clientPool);

        ProcessorExecutor consumerPool = pool(p, "consumer-manage", BrokerConfig.CONSUMER_MANAGE_THREAD_POOL_NUMS,
            BrokerConfig.CONSUMER_MANAGER_THREAD_POOL_QUEUE_CAPACITY);
        ConsumerManageProcessor consumerManage = new ConsumerManageProcessor(p.consumers(), p.offsets(), p.groups(),
            p.topics(), p.store(), () -> config.get(BrokerConfig.USE_SERVER_SIDE_RESET_OFFSET),
            residentBytes);
        for (int code : new int[] {RequestCode.GET_CONSUMER_LIST_BY_GROUP, RequestCode.QUERY_CONSUMER_OFFSET,
            RequestCode.UPDATE_CONSUMER_OFFSET}) {
            server.registerProcessor(code, consumerManage, consumerPool);
        }

        ProcessorExecutor adminPool = pool(p, "admin", BrokerConfig.ADMIN_BROKER_THREAD_POOL_NUMS,
            BrokerConfig.ADMIN_BROKER_THREAD_POOL_QUEUE_CAPACITY);
        registerAll(server, OFFSET_QUERIES, new OffsetQueryProcessor(p.store()), adminPool);
        dev.petrel.broker.stats.CreateTimes creates = p.stats().createTimes();
        registerAll(server, TOPIC_ADMIN, TimedCreates.wrap(new TopicAdminProcessor(p.topics(), p.offsets(), p.store(),
            p.identity().brokerName(), DataVersion.initial(p.clock().millis())), creates, p.topics().systemTopics(),
            p.clock()), adminPool);
        registerAll(server, GROUP_ADMIN, TimedCreates.wrap(new GroupAdminProcessor(p.groups(), p.offsets()), creates,
            p.topics().systemTopics(), p.clock()), adminPool);
        registerAll(server, CONSUMER_ADMIN, new ConsumerAdminProcessor(p.consumers(), p.producers(), p.offsets(),
            p.topics(), p.groups(), p.store(), p.identity().brokerName(), p.identity().address(), pull::wakeGroup, p.stats(), p.clock()), adminPool);
        RuntimeInfoTable runtime = new RuntimeInfoTable(p.clock(), p.stats(), p.store(), p.consumers(),
            new RuntimeInfoTable.Pools(sendPool, pullPool, litePullPool, queryPool), () -> pull.holds().size(), p.storeRoot(),
            () -> config.get(BrokerConfig.START_ACCEPT_SEND_REQUEST_TIME_STAMP));
        TimerService timer = p.timer();
        registerAll(server, BROKER_ADMIN, new BrokerAdminProcessor(config, p.clock(), () -> {
            Map<String, String> info = runtime.build();
            info.put("petrelFilterEvaluationErrors", Long.toString(evaluationErrors.count()));
            info.putAll(p.schedule().stats().runtimeInfo());
            info.putAll(TimerRuntimeInfo.of(timer.stats()));
            info.putAll(p.transactions().checks().runtimeInfo());
            info.putAll(p.replication().runtimeInfo());
            return info;
        }, p.onConfigUpdate(), p.replication()::haStatus), adminPool);
        registerAll(server, QUEUE_LOCKS, new QueueLockProcessor(p.locks()), adminPool);
        server.registerProcessor(RequestCode.VIEW_BROKER_STATS_DATA, new StatsDataProcessor(p.stats()), adminPool);
        server.registerProcessor(RequestCode.GET_ALL_DELAY_OFFSET, new DelayOffsetProcessor(p.schedule().offsets()),
            adminPool);
        return pull;
    }

    private static void registerAll(RemotingServer server, int[] codes, dev.petrel.remoting.RequestProcessor processor,
                                    ProcessorExecutor pool) {
        for (int code : codes) {
            server.registerProcessor(code, processor, pool);
        }
    }

    /** A pool, also put into {@code p.pools()} (by its thread-name stem) for the metrics. */
    private static ProcessorExecutor pool(Parts p, String name, ConfigKey<Integer> threads, ConfigKey<Integer> capacity) {
        ProcessorExecutor pool = new ProcessorExecutor("broker-" + name, BrokerConfig.threads(p.config(), threads),
            p.config().get(capacity), capacity.name());
        p.pools().put("broker-" + name, pool);
        return pool;
    }
}
