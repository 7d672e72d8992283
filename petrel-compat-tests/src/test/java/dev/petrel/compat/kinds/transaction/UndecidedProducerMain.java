package dev.petrel.compat.kinds.transaction;

import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;

import java.nio.charset.StandardCharsets;

/**
 * A child JVM: an official 5.3.1 transactional producer that sends one half message, never decides it (UNKNOW to
 * the local transaction and to every check), prints {@code SENT <transactionId>} and waits to be killed.
 * Arguments: namesrvAddr group topic body.
 */
public final class UndecidedProducerMain {

    private UndecidedProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        TransactionMQProducer producer = new TransactionMQProducer(args[1]);
        producer.setNamesrvAddr(args[0]);
        producer.setSendMsgTimeout(60_000); // a child JVM's first route lookup and send on a busy machine
        producer.setMqClientApiTimeout(30_000); // the route lookup's own timeout: one miss fails the send
        producer.setInstanceName("undecided-" + ProcessHandle.current().pid());
        producer.setTransactionListener(new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message msg, Object arg) {
                return LocalTransactionState.UNKNOW;
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt msg) {
                System.out.println("CHECKED " + msg.getTransactionId());
                return LocalTransactionState.UNKNOW;
            }
        });
        producer.start();
        TransactionSendResult r = producer.sendMessageInTransaction(
            new Message(args[2], "tx", args[3].getBytes(StandardCharsets.UTF_8)), null);
        System.out.println("SENT " + r.getTransactionId() + " " + r.getSendStatus() + " " + r.getLocalTransactionState());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
