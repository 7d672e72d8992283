package dev.petrel.compat.kinds.reply;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.RequestCallback;
import org.apache.rocketmq.client.utils.MessageUtil;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The official 5.3.1 request-reply API against a Petrel broker: a consumer answers each request with
 * {@link MessageUtil#createReplyMessage} sent by its own producer; the broker pushes the reply to the requesting
 * client, whose asynchronous {@code request} callback gets it.
 */
class ReplyCompatTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void asyncRequestsGetTheirRepliesRoutedBack() throws Exception {
        String pid = String.valueOf(ProcessHandle.current().pid());
        try (PetrelProcess petrel = PetrelProcess.standalone(dir.resolve("petrel")).start()) {
            String ns = petrel.namesrvAddr();
            DefaultMQAdminExt admin = new DefaultMQAdminExt(5_000);
            admin.setNamesrvAddr(ns);
            admin.setInstanceName("reply-admin-" + pid);
            admin.start();
            DefaultMQProducer replier = new DefaultMQProducer("replierPG");
            replier.setNamesrvAddr(ns);
            replier.setInstanceName("replier-" + pid);
            DefaultMQPushConsumer server = new DefaultMQPushConsumer("requestCG");
            List<Throwable> replyFailures = new CopyOnWriteArrayList<>();
            DefaultMQProducer requester = new DefaultMQProducer("requesterPG");
            requester.setNamesrvAddr(ns);
            requester.setInstanceName("requester-" + pid);
            try {
                String broker = admin.examineBrokerClusterInfo().getBrokerAddrTable().values().iterator().next()
                    .getBrokerAddrs().get(0L);
                admin.createAndUpdateTopicConfig(broker, new TopicConfig("RequestTopic", 2, 2, 6));
                Await.value(WAIT, "route", () -> admin.examineTopicRouteInfo("RequestTopic"),
                    r -> !r.getQueueDatas().isEmpty());
                replier.start();
                server.setNamesrvAddr(ns);
                server.setInstanceName("request-server-" + pid);
                server.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
                server.subscribe("RequestTopic", "*");
                server.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                    for (var m : msgs) {
                        try {
                            byte[] answer = ("re:" + new String(m.getBody(), StandardCharsets.UTF_8))
                                .getBytes(StandardCharsets.UTF_8);
                            replier.send(MessageUtil.createReplyMessage(m, answer), 3_000);
                        } catch (Exception e) {
                            replyFailures.add(e);
                            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
                        }
                    }
                    return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                });
                server.start();
                server.getDefaultMQPushConsumerImpl().getmQClientFactory().rebalanceImmediately();
                requester.start();
                // The requester must be known to the broker (by its heartbeat) before a reply can be pushed to it.
                requester.getDefaultMQProducerImpl().getMqClientFactory().updateTopicRouteInfoFromNameServer("RequestTopic");
                requester.getDefaultMQProducerImpl().getMqClientFactory().sendHeartbeatToAllBrokerWithLock();

                Map<String, Message> replies = new ConcurrentHashMap<>();
                List<Throwable> failures = new CopyOnWriteArrayList<>();
                for (int i = 0; i < 3; i++) {
                    String body = "question-" + i;
                    requester.request(new Message("RequestTopic", body.getBytes(StandardCharsets.UTF_8)),
                        new RequestCallback() {
                            @Override
                            public void onSuccess(Message reply) {
                                replies.put(body, reply);
                            }

                            @Override
                            public void onException(Throwable e) {
                                failures.add(e);
                            }
                        }, 20_000);
                }
                Await.until(WAIT, "three replies", () -> replies.size() == 3 || !failures.isEmpty());
                assertThat(failures).isEmpty();
                for (int i = 0; i < 3; i++) {
                    Message reply = replies.get("question-" + i);
                    assertThat(new String(reply.getBody(), StandardCharsets.UTF_8)).isEqualTo("re:question-" + i);
                    assertThat(reply.getTopic()).isEqualTo("DefaultCluster_REPLY_TOPIC");
                    assertThat(reply.getProperty(MessageConst.PROPERTY_MESSAGE_TYPE)).isEqualTo("reply");
                }

                assertThat(replyFailures).isEmpty();
            } finally {
                requester.shutdown();
                server.shutdown();
                replier.shutdown();
                admin.shutdown();
            }
        }
    }
}
